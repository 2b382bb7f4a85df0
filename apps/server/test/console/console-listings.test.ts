import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_API_KEY,
  fillMessage,
  marketListingMessages as messages,
  type AdminListingResponse,
  type AdminListingsResponse,
  type AdminMarketsResponse,
  type AuditResponse,
} from '@exchange/contract';
import { manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { createKey, signedCall } from '../api-keys/api-key-helpers.js';
import { fund, placeOrder } from '../trading/trading-helpers.js';
import { openPosition, toFutures } from '../futures/futures-helpers.js';
import { candidateBySymbol } from '../../src/shared/catalogue.js';
import { MarketListings } from '../../src/venue/market-listings.js';
import { Venues } from '../../src/venue/venues.js';
import { auditRows, admin, makeOperator, type TestOperator } from './console-helpers.js';

/** ARB is in the catalogue (shared/coin-snapshot.ts, listingCandidates) but not listed at start. */
const ARB_ID = 36;
const arbSpot = { kind: 'spot', symbol: 'arb', tick_size: '0.0001', lot_size: '0.1', min_size: '1', max_size: '100000', reason: 'listing committee, ticket 7' };

describe.each<DbKind>(['pglite', 'postgres'])('listing a market without a restart on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let chief: TestOperator;
  let support: TestOperator;
  let user: SignedUpUser;

  const auditCount = () => auditRows(t.app);
  const list = (op: TestOperator, body: Record<string, unknown>) => admin(t.app, op.token, 'POST', '/markets/listings', body);
  const instrument = async (instType: string, instId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v5/public/instruments?instType=${instType}&instId=${instId}` })).json() as { code: string; data: Record<string, string>[] };
  const bestAsk = async (instId: string) => {
    const book = (await t.app.inject({ method: 'GET', url: `/api/v5/market/books?instId=${instId}&sz=5` })).json() as { data: { asks: string[][] }[] };
    return book.data[0]?.asks[0]?.[0];
  };

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    support = await makeOperator(t.app, clock, ['support'], 'support');
    user = await signUpUser(t.app, 'trader', { identity: true });
    await fund(t.app, user.userId, 'USDT', '10000');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a listing in plain words and writes no audit row for it', async () => {
    const before = await auditCount();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ ...arbSpot, symbol: 'NOPE' }, 400, messages.unknownCoin],
      [{ ...arbSpot, symbol: 'BTC' }, 409, messages.alreadyListed],
      [{ ...arbSpot, kind: 'swap' }, 409, messages.spotFirst],
      [{ ...arbSpot, tick_size: '0' }, 400, messages.tickSize],
      [{ ...arbSpot, lot_size: '-1' }, 400, messages.lotSize],
      [{ ...arbSpot, tick_size: '1' }, 400, messages.tickAbovePrice],
      [{ ...arbSpot, min_size: '200000' }, 400, messages.minAboveMax],
      [{ ...arbSpot, min_size: '1.05' }, 400, messages.offLot],
      [{ ...arbSpot, kind: 'future' }, 400, messages.kind],
    ];
    for (const [body, status, message] of refusals) {
      const res = await list(chief, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    expect((await list(support, arbSpot)).statusCode).toBe(403);
    expect(await auditCount()).toBe(before);
    expect((await instrument('SPOT', 'ARB-USDT')).data).toEqual([]);
    const listable = (await admin(t.app, chief.token, 'GET', '/markets/listings')).json() as AdminListingsResponse;
    expect(listable.listable.find((r) => r.inst_id === 'ARB-USDT')).toMatchObject({ kind: 'spot', name: 'Arbitrum', tick_size: '0.0001', lot_size: '0.1' });
  });

  it('lists a new spot pair that is tradable at once: web, OKX v5, book and ticker', async () => {
    const before = await auditCount();
    const res = await list(chief, arbSpot);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminListingResponse).listing).toMatchObject({ inst_id: 'ARB-USDT', kind: 'spot', symbol: 'ARB', min_size: '1', max_size: '100000', listed_by: chief.email });
    expect(await auditCount()).toBe(before + 1);
    const audit = ((await admin(t.app, chief.token, 'GET', '/audit?target=market:ARB-USDT')).json() as AuditResponse).items;
    expect(audit[0]).toMatchObject({ action: 'markets.list', operator: chief.email, reason: arbSpot.reason, before: null, after: { inst_id: 'ARB-USDT', tick_size: '0.0001' } });
    expect((await list(chief, arbSpot)).statusCode).toBe(409);

    expect((await instrument('SPOT', 'ARB-USDT')).data).toEqual([expect.objectContaining({ instId: 'ARB-USDT', baseCcy: 'ARB', tickSz: '0.0001', lotSz: '0.1', minSz: '1', state: 'live' })]);
    const markets = (await admin(t.app, chief.token, 'GET', '/markets')).json() as AdminMarketsResponse;
    expect(markets.items.find((m) => m.inst_id === 'ARB-USDT')).toMatchObject({ kind: 'spot', symbol: 'ARB', halted: false });
    // Before its first trade the web's coin list quotes it at the catalogue's price, so a trader can reach it.
    const listedCoins = (await t.app.inject({ method: 'GET', url: `/api/v1/coins?apikey=${DEFAULT_API_KEY}` })).json() as { id: number; symbol: string; price: number }[];
    expect(listedCoins.find((c) => c.symbol === 'ARB')).toMatchObject({ id: ARB_ID, price: Number(candidateBySymbol('ARB')?.price) });

    // The simulated market quotes it around the catalogue's price, and a user's order takes the quote.
    const ask = await bestAsk('ARB-USDT');
    expect(ask).toBeDefined();
    expect(Number(ask)).toBeGreaterThan(0.3);
    expect(Number(ask)).toBeLessThan(0.6);
    const bought = await placeOrder(t.app, user, { coin_id: ARB_ID, order_type: 'buy', excecution_type: 'limit', price: ask, amount: '10' });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({ status: 'filled' });
    const ticker = (await t.app.inject({ method: 'GET', url: '/api/v5/market/ticker?instId=ARB-USDT' })).json() as { data: { last: string }[] };
    expect(ticker.data[0]?.last).toBe(ask);
    const coinsList = (await t.app.inject({ method: 'GET', url: `/api/v1/coins?apikey=${DEFAULT_API_KEY}` })).json() as { id: number; symbol: string }[];
    expect(coinsList.find((c) => c.symbol === 'ARB')).toMatchObject({ id: ARB_ID });

    const small = await placeOrder(t.app, user, { coin_id: ARB_ID, order_type: 'buy', excecution_type: 'limit', price: '0.1', amount: '0.5' });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ message: fillMessage('order.amountBelowMin', { min: '1' }), message_code: 'order.amountBelowMin' });

    const key = await createKey(t.app, user, { label: 'bot', permissions: ['read', 'trade'] });
    const okx = (body: Record<string, string>) => signedCall(t.app, key, { method: 'POST', path: '/api/v5/trade/order', body: JSON.stringify(body), at: clock.now() });
    const placed = await okx({ instId: 'ARB-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', px: '0.1', sz: '5' });
    expect(placed.json(), placed.body).toMatchObject({ code: '0', data: [{ sCode: '0' }] });
    const above = await okx({ instId: 'ARB-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', px: '0.1', sz: '100000.1' });
    expect(above.json()).toMatchObject({ code: '1', data: [{ sCode: '51202' }] });
  });

  it('lists the perpetual of the new coin with the contract catalogue’s leverage, and opens a position on it', async () => {
    const grid = { tick_size: '0.0001', lot_size: '0.1' };
    expect((await list(chief, { ...arbSpot, kind: 'swap', tick_size: '0.001' })).json()).toMatchObject({ message: messages.perpetualGrid });
    // Bounds of its own, narrower than the spot pair's (1 to 100000): the contract's are the ones checked.
    const res = await list(chief, { ...arbSpot, ...grid, kind: 'swap', min_size: '2', max_size: '1000', reason: 'perpetual after the spot pair' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminListingResponse).listing).toMatchObject({ inst_id: 'ARB-USDT-SWAP', kind: 'swap', max_leverage: 100 });
    expect((await instrument('SWAP', 'ARB-USDT-SWAP')).data).toEqual([expect.objectContaining({ instId: 'ARB-USDT-SWAP', ctValCcy: 'ARB', state: 'live' })]);
    await toFutures(t.app, user, '1000');
    const opened = await openPosition(t.app, user, { symbol: 'ARB', side: 'long', amount: '10', leverage: 5 });
    expect(opened.statusCode, opened.body).toBe(200);

    const small = await openPosition(t.app, user, { symbol: 'ARB', side: 'long', amount: '1.5', leverage: 5 });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ message: fillMessage('order.amountBelowMin', { min: '2' }), message_code: 'order.amountBelowMin' });
    const large = await openPosition(t.app, user, { symbol: 'ARB-USDT-SWAP', side: 'short', amount: '1000.1', leverage: 5 });
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ message: fillMessage('order.amountAboveMax', { max: '1000' }), message_code: 'order.amountAboveMax' });

    const key = await createKey(t.app, user, { label: 'contracts', permissions: ['read', 'trade'] });
    const okx = (sz: string, side: 'buy' | 'sell' = 'buy') =>
      signedCall(t.app, key, {
        method: 'POST',
        path: '/api/v5/trade/order',
        body: JSON.stringify({ instId: 'ARB-USDT-SWAP', tdMode: 'isolated', side, posSide: 'long', ordType: 'market', sz }),
        at: clock.now(),
      });
    expect((await okx('1.5')).json()).toMatchObject({ code: '1', data: [{ sCode: '51020' }] });
    expect((await okx('1000.1')).json()).toMatchObject({ code: '1', data: [{ sCode: '51202' }] });
    // Closing is bounded above only: what is left of a position below the minimum stays closable.
    expect((await okx('1000.1', 'sell')).json()).toMatchObject({ code: '1', data: [{ sCode: '51202' }] });
    const closed = await okx('1', 'sell');
    expect(closed.json(), closed.body).toMatchObject({ code: '0', data: [{ sCode: '0' }] });
  });

  it('is listed by another process from the database, as at its next start', async () => {
    const venues = new Venues(t.app.services.db, () => clock.now().getTime());
    expect(venues.get('ARB-USDT')).toBeUndefined();
    const other = new MarketListings(t.app.services.db, venues);
    await other.refresh();
    expect(venues.get('ARB-USDT')?.prices.tickSize).toBe('0.0001');
    expect(venues.get('ARB-USDT-SWAP')?.kind).toBe('swap');
    expect(other.get('arb-usdt')).toMatchObject({ minSize: '1', maxSize: '100000', listedBy: chief.email });
  });
});
