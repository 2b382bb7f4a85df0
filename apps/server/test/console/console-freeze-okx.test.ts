import type { AddressInfo } from 'node:net';
import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_DB, manualClock, signUpUser, startApp, type SignedUpUser, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { fund } from '../trading/trading-helpers.js';
import { admin, makeOperator, type TestOperator } from './console-helpers.js';

const SYMBOL = 'BTC/USDT';

/** The real ccxt `okx` class against a frozen account's key, over REST and the private websocket: reads and cancels work, a new order is "Account blocked". */
describe('a frozen account through OKX v5 and ccxt', () => {
  const clock = manualClock();
  let t: TestApp;
  let trader: Exchange;
  let pro: Exchange;
  let owner: SignedUpUser;
  let support: TestOperator;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    owner = await signUpUser(t.app, 'okx-frozen');
    await fund(t.app, owner.userId, 'USDT', '100000');
    const key = await createKey(t.app, owner, { label: 'bot', permissions: ['read', 'trade'] });
    const markets = await new ccxt.okx({ urls: { api: { rest: base } }, enableRateLimit: false }).loadMarkets();
    trader = new ccxt.okx({ urls: { api: { rest: base } }, enableRateLimit: false, apiKey: key.api_key, secret: key.secret_key, password: key.passphrase });
    trader.setMarkets(markets);
    const ws = `${base.replace('http:', 'ws:')}/ws/v5`;
    pro = new ccxt.pro.okx({ urls: { api: { rest: base, ws } }, enableRateLimit: false, apiKey: key.api_key, secret: key.secret_key, password: key.passphrase });
    pro.setMarkets(markets);
    // ccxt opens plain ws:// sockets only once its http agent is loaded.
    await pro.loadHttpProxyAgent();
    support = await makeOperator(t.app, clock, ['support'], 'support');
  });
  afterAll(async () => {
    await pro?.close();
    await t?.close();
  });

  it('refuses new orders with OKX’s 50007 (ccxt AccountSuspended), keeps balances and reads; the freeze cancelled the resting orders', async () => {
    const ticker = await trader.fetchTicker(SYMBOL);
    const price = Number(trader.priceToPrecision(SYMBOL, (ticker.bid ?? 0) * 0.8));
    const resting = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.001, price);
    const second = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.001, price);
    const frozen = await admin(t.app, support.token, 'POST', `/users/${owner.userId}/freeze`, { reason: 'ticket 21: key leaked' });
    expect(frozen.statusCode, frozen.body).toBe(200);

    await expect(trader.createOrder(SYMBOL, 'limit', 'buy', 0.001, price)).rejects.toBeInstanceOf(ccxt.AccountSuspended);
    // The private websocket's order entry refuses it too.
    await expect(pro.createOrderWs(SYMBOL, 'limit', 'buy', 0.001, price)).rejects.toBeInstanceOf(ccxt.AccountSuspended);
    const balance = await trader.fetchBalance();
    expect(Number((balance.total as unknown as Record<string, number>).USDT)).toBeGreaterThan(0);
    // The freeze cancelled the resting orders; the key still reads them.
    expect(await trader.fetchOpenOrders(SYMBOL)).toEqual([]);
    for (const order of [resting, second]) expect((await trader.fetchOrder(String(order.id), SYMBOL)).status).toBe('canceled');

    expect((await admin(t.app, support.token, 'POST', `/users/${owner.userId}/unfreeze`, { reason: 'ticket 21: key rotated' })).statusCode).toBe(200);
    const placed = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.001, price);
    expect(placed.id).toBeTruthy();
    const placedWs = await pro.createOrderWs(SYMBOL, 'limit', 'buy', 0.001, price);
    expect(placedWs.id).toBeTruthy();
  });
});
