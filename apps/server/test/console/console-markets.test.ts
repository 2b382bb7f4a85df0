import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillMessage, type AdminMarketActionResponse, type AdminMarketsResponse, type AuditResponse } from '@exchange/contract';
import { manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { createKey, signedCall } from '../api-keys/api-key-helpers.js';
import { cancelOrder, fund, placeOrder } from '../trading/trading-helpers.js';
import { openPosition, toFutures } from '../futures/futures-helpers.js';
import { auditRows, admin, makeOperator, type TestOperator } from './console-helpers.js';

const halted = (market: string) => fillMessage('market.halted', { market });

describe.each<DbKind>(['pglite', 'postgres'])('halting and resuming a market on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let chief: TestOperator;
  let support: TestOperator;
  let user: SignedUpUser;

  const auditCount = () => auditRows(t.app);
  const act = (op: TestOperator, instId: string, verb: 'halt' | 'resume', reason = 'exchange maintenance') =>
    admin(t.app, op.token, 'POST', `/markets/${instId}/${verb}`, { reason });
  const okxOrder = (key: Awaited<ReturnType<typeof createKey>>, body: Record<string, string>) =>
    signedCall(t.app, key, { method: 'POST', path: '/api/v5/trade/order', body: JSON.stringify(body), at: clock.now() });
  const buy = (price: string) => placeOrder(t.app, user, { order_type: 'buy', excecution_type: 'limit', price, amount: '0.01' });

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

  it('refuses new orders on a halted market (web and OKX v5), keeps cancels, and takes orders again once resumed', async () => {
    const resting = await buy('1000');
    expect(resting.statusCode, resting.body).toBe(200);
    const restingId = (resting.json() as { order_id: string }).order_id;
    const key = await createKey(t.app, user, { label: 'bot', permissions: ['read', 'trade'] });

    const res = await act(chief, 'btc-usdt', 'halt', 'exchange maintenance: matching upgrade');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminMarketActionResponse).market).toMatchObject({ inst_id: 'BTC-USDT', halted: true, halted_by: chief.email, halt_reason: 'exchange maintenance: matching upgrade' });

    const refused = await buy('1000');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: halted('BTC-USDT'), code: 'MARKET_HALTED', message_code: 'market.halted' });
    const okx = await okxOrder(key, { instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', px: '1000', sz: '0.01' });
    expect(okx.json()).toMatchObject({ code: '1', data: [{ sCode: '51022', sMsg: halted('BTC-USDT') }] });
    const instruments = await t.app.inject({ method: 'GET', url: '/api/v5/public/instruments?instType=SPOT&instId=BTC-USDT' });
    expect(instruments.json()).toMatchObject({ code: '0', data: [{ instId: 'BTC-USDT', state: 'suspend' }] });
    const cancelled = await cancelOrder(t.app, user, restingId);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const list = (await admin(t.app, chief.token, 'GET', '/markets')).json() as AdminMarketsResponse;
    expect(list.items.find((m) => m.inst_id === 'BTC-USDT')).toMatchObject({ halted: true });
    expect(list.items.find((m) => m.inst_id === 'ETH-USDT')).toMatchObject({ halted: false, halted_by: null });

    expect((await act(chief, 'BTC-USDT', 'resume', 'maintenance over')).statusCode).toBe(200);
    expect((await buy('1000')).statusCode).toBe(200);
    const live = await t.app.inject({ method: 'GET', url: '/api/v5/public/instruments?instType=SPOT&instId=BTC-USDT' });
    expect(live.json()).toMatchObject({ data: [{ state: 'live' }] });
    const placed = await okxOrder(key, { instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', px: '1000', sz: '0.01' });
    expect(placed.json(), placed.body).toMatchObject({ code: '0', data: [{ sCode: '0' }] });
  });

  it('refuses new futures positions on a halted contract', async () => {
    await toFutures(t.app, user, '1000');
    expect((await act(chief, 'BTC-USDT-SWAP', 'halt')).statusCode).toBe(200);
    const refused = await openPosition(t.app, user, { side: 'long', amount: '0.001', leverage: 10 });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ message: halted('BTC-USDT-SWAP') });
    expect((await act(chief, 'BTC-USDT-SWAP', 'resume', 'maintenance over')).statusCode).toBe(200);
    const opened = await openPosition(t.app, user, { side: 'long', amount: '0.001', leverage: 10 });
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('writes one audit row per action, and none for a refused one', async () => {
    const before = await auditCount();
    expect((await act(chief, 'ETH-USDT', 'halt', 'listing review')).statusCode).toBe(200);
    expect((await act(chief, 'ETH-USDT', 'halt', 'twice')).statusCode).toBe(409);
    expect((await act(chief, 'NOPE-USDT', 'halt')).statusCode).toBe(404);
    expect((await act(chief, 'ETH-USDT', 'halt', '')).statusCode).toBe(400);
    expect((await act(support, 'ETH-USDT', 'resume')).statusCode).toBe(403);
    expect((await act(chief, 'ETH-USDT', 'resume', 'review done')).statusCode).toBe(200);
    expect((await act(chief, 'ETH-USDT', 'resume', 'again')).statusCode).toBe(409);
    expect(await auditCount()).toBe(before + 2);
    const rows = ((await admin(t.app, chief.token, 'GET', '/audit?target=market:ETH-USDT')).json() as AuditResponse).items;
    expect(rows.map((r) => [r.action, r.reason])).toEqual([
      ['markets.resume', 'review done'],
      ['markets.halt', 'listing review'],
    ]);
    expect(rows[1]).toMatchObject({ operator: chief.email, role: 'admin', before: { halted: false }, after: { halted: true, halt_reason: 'listing review' } });
  });

  it('keeps a halt across a restart (read from the database)', async () => {
    expect((await act(chief, 'SOL-USDT', 'halt')).statusCode).toBe(200);
    const { MarketHalts } = await import('../../src/venue/market-halts.js');
    const fresh = new MarketHalts(t.app.services.db);
    await fresh.refresh();
    expect(fresh.isHalted('SOL-USDT')).toBe(true);
    expect(fresh.isHalted('BTC-USDT')).toBe(false);
    expect((await act(chief, 'SOL-USDT', 'resume', 'done')).statusCode).toBe(200);
  });
});
