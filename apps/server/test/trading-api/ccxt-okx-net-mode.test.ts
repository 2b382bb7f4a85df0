import type { AddressInfo } from 'node:net';
import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { toFutures } from '../futures/futures-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';

const SWAP = 'BTC/USDT:USDT';

/**
 * The real ccxt `okx` class switches the account to OKX's one-way (net) mode with setPositionMode
 * and trades without posSide: a sell larger than the long flips it to a short.
 */
describe('ccxt okx in one-way (net) position mode', () => {
  let t: TestApp;
  let base: string;
  let hedged: Exchange;
  let oneWay: Exchange;

  function client(key: ApiKeyCreateResponse, markets: Exchange['markets'], isHedged: boolean): Exchange {
    const exchange = new ccxt.okx({
      urls: { api: { rest: base } },
      enableRateLimit: false,
      apiKey: key.api_key,
      secret: key.secret_key,
      password: key.passphrase,
      options: { hedged: isHedged },
    });
    exchange.setMarkets(markets);
    return exchange;
  }

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    const markets = await new ccxt.okx({ urls: { api: { rest: base } }, enableRateLimit: false }).loadMarkets();
    const user = await signUpUser(t.app, 'okx-net-trader', { identity: true });
    await fund(t.app, user.userId, 'USDT', '100000');
    await toFutures(t.app, user, '50000');
    const key = await createKey(t.app, user, { label: 'net', permissions: ['read', 'trade'] });
    hedged = client(key, markets, true);
    oneWay = client(key, markets, false);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  const posMode = async (c: Exchange) => ((await c.privateGetAccountConfig()) as { data: { posMode: string }[] }).data[0]?.posMode;

  it('refuses the switch with 59000 while a position is open', async () => {
    expect(await posMode(hedged)).toBe('long_short_mode');
    await hedged.createOrder(SWAP, 'market', 'buy', 0.01, undefined, { marginMode: 'cross' });
    await expect(oneWay.setPositionMode(false, SWAP)).rejects.toThrow(/59000/);
    expect(await posMode(hedged)).toBe('long_short_mode');
    await hedged.closePosition(SWAP, 'long', { marginMode: 'cross' });
    expect(await hedged.fetchPositions([SWAP])).toEqual([]);
  });

  it('switches to net mode; an order without posSide opens, a larger opposite one flips the position', async () => {
    await oneWay.setPositionMode(false, SWAP);
    expect(await posMode(oneWay)).toBe('net_mode');

    const bought = await oneWay.createOrder(SWAP, 'market', 'buy', 0.02, undefined, { marginMode: 'cross' });
    expect(await oneWay.fetchOrder(String(bought.id), SWAP)).toMatchObject({ status: 'closed', side: 'buy', filled: 0.02 });
    expect((await oneWay.fetchPositions([SWAP])).map((p) => [p.side, p.contracts])).toEqual([['long', 0.02]]);

    const sold = await oneWay.createOrder(SWAP, 'market', 'sell', 0.03, undefined, { marginMode: 'cross' });
    expect(await oneWay.fetchOrder(String(sold.id), SWAP)).toMatchObject({ side: 'sell', filled: 0.03 });
    const [position, ...others] = await oneWay.fetchPositions([SWAP]);
    expect(others).toEqual([]);
    expect(position).toMatchObject({ symbol: SWAP, side: 'short', contracts: 0.01, hedged: false });

    // A reduce-only buy closes the short and no more.
    await oneWay.createOrder(SWAP, 'market', 'buy', 0.05, undefined, { marginMode: 'cross', reduceOnly: true });
    expect(await oneWay.fetchPositions([SWAP])).toEqual([]);
    // posSide long or short is refused in net mode, as OKX does.
    await expect(hedged.createOrder(SWAP, 'market', 'buy', 0.01, undefined, { marginMode: 'cross' })).rejects.toThrow(/51000/);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('shows posSide net on orders, fills and positions, pos negative for a short; close-position closes the net position', async () => {
    const bought = await oneWay.createOrder(SWAP, 'market', 'buy', 0.02, undefined, { marginMode: 'cross' });
    const sold = await oneWay.createOrder(SWAP, 'market', 'sell', 0.03, undefined, { marginMode: 'cross' });
    const [short] = await oneWay.fetchPositions([SWAP]);
    expect(short?.info).toMatchObject({ posSide: 'net', pos: '-0.01', mgnMode: 'cross' });
    expect(short).toMatchObject({ side: 'short', contracts: 0.01 });

    expect((await oneWay.fetchOrder(String(sold.id), SWAP)).info).toMatchObject({ posSide: 'net', side: 'sell', reduceOnly: 'false' });
    const ended = await oneWay.fetchClosedOrders(SWAP);
    expect(ended.map((o) => o.id)).toEqual(expect.arrayContaining([bought.id, sold.id]));
    expect(new Set(ended.map((o) => (o.info as { posSide: string }).posSide))).toEqual(new Set(['net']));
    const fills = await oneWay.fetchMyTrades(SWAP);
    expect(fills.filter((f) => f.order === sold.id).length).toBeGreaterThan(0);
    expect(new Set(fills.map((f) => (f.info as { posSide: string }).posSide))).toEqual(new Set(['net']));

    // ccxt sends the side it is given as posSide: net, or none at all; each closes the short.
    expect(await oneWay.closePosition(SWAP, 'net', { marginMode: 'cross' })).toMatchObject({ info: { posSide: 'net' } });
    expect(await oneWay.fetchPositions([SWAP])).toEqual([]);
    await oneWay.createOrder(SWAP, 'market', 'sell', 0.01, undefined, { marginMode: 'cross' });
    await oneWay.closePosition(SWAP, undefined, { marginMode: 'cross' });
    expect(await oneWay.fetchPositions([SWAP])).toEqual([]);
    // Nothing open any more: 51023, as OKX answers; a named side is refused in net mode.
    await expect(oneWay.closePosition(SWAP, undefined, { marginMode: 'cross' })).rejects.toThrow(/51023/);
    await expect(oneWay.closePosition(SWAP, 'long', { marginMode: 'cross' })).rejects.toThrow(/51000/);

    const history = await oneWay.fetchPositionsHistory([SWAP]);
    expect(history.length).toBeGreaterThanOrEqual(3);
    expect(new Set(history.map((h) => (h.info as { posSide: string }).posSide))).toEqual(new Set(['net']));
    expect(new Set(history.map((h) => (h.info as { direction: string }).direction))).toEqual(new Set(['long', 'short']));
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
