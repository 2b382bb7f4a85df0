import type { AddressInfo } from 'node:net';
import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';

const SYMBOL = 'BTC/USDT';

/**
 * The real ccxt 4.5.84 `okx` pro class against the running server with only its URLs changed: it
 * logs in on ws/v5/private, watches its orders and balance, and places and cancels over the socket.
 */
describe('ccxt okx trades over the private websocket', () => {
  let t: TestApp;
  let pro: Exchange;
  let key: ApiKeyCreateResponse;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    const user = await signUpUser(t.app, 'ccxt-ws');
    await fund(t.app, user.userId, 'USDT', '100000');
    key = await createKey(t.app, user, { label: 'ccxt-ws', permissions: ['read', 'trade'] });
    const urls = { api: { rest: base, ws: `${base.replace('http:', 'ws:')}/ws/v5` } };
    const markets = await new ccxt.okx({ urls, enableRateLimit: false }).loadMarkets();
    pro = new ccxt.pro.okx({ urls, enableRateLimit: false, apiKey: key.api_key, secret: key.secret_key, password: key.passphrase });
    pro.setMarkets(markets);
    // ccxt opens plain ws:// sockets only once its http agent is loaded.
    await pro.loadHttpProxyAgent();
  });
  afterAll(async () => {
    await pro?.close();
    if (t) await closeChecked(t);
  });

  it('watchBalance answers the trading account', async () => {
    const balance = await pro.watchBalance();
    const rest = await pro.fetchBalance();
    expect(balance.USDT?.total).toBeGreaterThanOrEqual(100000);
    expect(balance.USDT).toMatchObject({ total: rest.USDT?.total, free: rest.USDT?.free, used: rest.USDT?.used });
  });

  it('createOrderWs places, watchOrders sees it, cancelOrderWs cancels it', async () => {
    const price = Number(pro.priceToPrecision(SYMBOL, 1000));
    const watched = pro.watchOrders(SYMBOL);
    // The subscription is sent before the order, so the order's first push reaches it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const placed = await pro.createOrderWs(SYMBOL, 'limit', 'buy', 0.01, price);
    expect(placed.id).toMatch(/^\d+$/);
    const seen = await watched;
    expect(seen.map((o) => o.id)).toContain(placed.id);
    expect(seen.find((o) => o.id === placed.id)).toMatchObject({ symbol: SYMBOL, type: 'limit', side: 'buy', price, amount: 0.01, status: 'open' });

    // Watched before the cancel, so the cancel's push is the next one it takes.
    const next = pro.watchOrders(SYMBOL);
    const canceled = await pro.cancelOrderWs(String(placed.id), SYMBOL);
    expect(canceled.id).toBe(placed.id);
    expect((await next).find((o) => o.id === placed.id)?.status).toBe('canceled');
  });

  it('a ws order refused for funds raises ccxt’s InsufficientFunds', async () => {
    await expect(pro.createOrderWs(SYMBOL, 'limit', 'buy', 1000, 1000)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
  });
});
