import type { AddressInfo } from 'node:net';
import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { toFutures } from '../futures/futures-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';
import type { WsMessage } from '../ws-client.js';
import { hedgedCcxt, isOrderPush, loggedIn } from './okx-ws-helpers.js';

const SWAP = 'BTC/USDT:USDT';

type Row = Record<string, string>;
/** A push of the channel whose arg names this instType. */
const isPushOf =
  (channel: string, instType: string) =>
  (m: WsMessage): boolean =>
    typeof m === 'object' && !('event' in m) && (m.arg as Row | undefined)?.channel === channel && (m.arg as Row | undefined)?.instType === instType;
const rowsOf = (m: WsMessage): Row[] => (typeof m === 'object' ? (m.data as Row[]) : []);

/**
 * Contract orders and positions on /ws/v5/private: ccxt pro's watchOrders on a perpetual, and the
 * raw pushes in OKX's fields (instType SWAP or ANY), the positions snapshot on subscribe.
 */
describe('OKX private websocket: contract orders and positions', () => {
  let t: TestApp;
  let http: string;
  let rest: Exchange;
  let pro: Exchange;
  let key: ApiKeyCreateResponse;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    http = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    const user = await signUpUser(t.app, 'ws-swap', { identity: true });
    await fund(t.app, user.userId, 'USDT', '100000');
    await toFutures(t.app, user, '50000');
    key = await createKey(t.app, user, { label: 'ws-swap', permissions: ['read', 'trade'] });
    ({ rest, pro } = await hedgedCcxt(http, key));
  });
  afterAll(async () => {
    await pro?.close();
    if (t) await closeChecked(t);
  });

  async function restingBuyPrice(): Promise<number> {
    const book = await rest.fetchOrderBook(SWAP, 5);
    return Number(rest.priceToPrecision(SWAP, (book.bids[0]?.[0] ?? 0) * 0.8));
  }

  it('ccxt pro watchOrders on a perpetual sees its limit order placed and cancelled', async () => {
    const price = await restingBuyPrice();
    const watched = pro.watchOrders(SWAP);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const placed = await rest.createOrder(SWAP, 'limit', 'buy', 0.01, price, { clOrdId: 'wsSwap1' });
    const seen = (await watched).find((o) => o.id === placed.id);
    // The first push carries the clOrdId too: it waits for the REST call to bind it.
    expect(seen).toMatchObject({ symbol: SWAP, type: 'limit', side: 'buy', price, amount: 0.01, filled: 0, status: 'open', reduceOnly: false, clientOrderId: 'wsSwap1' });
    expect(seen?.info).toMatchObject({ instType: 'SWAP', instId: 'BTC-USDT-SWAP', posSide: 'long', tdMode: 'cross', state: 'live' });

    const next = pro.watchOrders(SWAP);
    await rest.cancelOrder(String(placed.id), SWAP);
    expect((await next).find((o) => o.id === placed.id)).toMatchObject({ status: 'canceled', clientOrderId: 'wsSwap1' });
  });

  it('pushes a filled market order in OKX’s fields on instType ANY, and the position snapshot on subscribe', async () => {
    const client = await loggedIn(`${http.replace('http:', 'ws:')}`, key);
    client.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'ANY' }] });
    await client.next((m) => typeof m === 'object' && m.event === 'subscribe');
    const opened = await rest.createOrder(SWAP, 'market', 'buy', 0.02, undefined, { marginMode: 'isolated' });
    const filled = rowsOf(await client.next((m) => isOrderPush(String(opened.id))(m) && rowsOf(m).some((r) => r.state === 'filled'))).find((r) => r.ordId === opened.id);
    expect(filled).toMatchObject({ instType: 'SWAP', instId: 'BTC-USDT-SWAP', ordType: 'market', side: 'buy', posSide: 'long', tdMode: 'isolated', sz: '0.02', accFillSz: '0.02', fillSz: '0.02', state: 'filled' });
    expect(Number(filled?.avgPx)).toBeGreaterThan(0);
    expect(Number(filled?.fillPx)).toBeCloseTo(Number(filled?.avgPx), 6);
    expect(Number(filled?.fee)).toBeLessThan(0);
    expect(Number(filled?.lever)).toBeGreaterThan(0);

    client.send({ op: 'subscribe', args: [{ channel: 'positions', instType: 'SWAP' }, { channel: 'positions', instType: 'FUTURES' }] });
    const [position, ...others] = rowsOf(await client.next(isPushOf('positions', 'SWAP')));
    expect(others).toEqual([]);
    expect(position).toMatchObject({ instType: 'SWAP', instId: 'BTC-USDT-SWAP', posSide: 'long', pos: '0.02', mgnMode: 'isolated' });
    expect(rowsOf(await client.next(isPushOf('positions', 'FUTURES')))).toEqual([]);

    await rest.closePosition(SWAP, 'long', { marginMode: 'isolated' });
    const closed = rowsOf(await client.next((m) => isPushOf('positions', 'SWAP')(m) && rowsOf(m).some((r) => r.pos === '0')));
    expect(closed[0]).toMatchObject({ posId: position?.posId, pos: '0' });
    client.close();
  });

  it('in net mode pushes orders and positions with posSide net, a short with a negative pos', async () => {
    const user = await signUpUser(t.app, 'ws-swap-net', { identity: true });
    await fund(t.app, user.userId, 'USDT', '100000');
    await toFutures(t.app, user, '50000');
    const netKey = await createKey(t.app, user, { label: 'ws-net', permissions: ['read', 'trade'] });
    const net = new ccxt.okx({ urls: { api: { rest: http } }, enableRateLimit: false, apiKey: netKey.api_key, secret: netKey.secret_key, password: netKey.passphrase });
    net.setMarkets(rest.markets);
    await net.setPositionMode(false, SWAP);
    const client = await loggedIn(`${http.replace('http:', 'ws:')}`, netKey);
    client.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'SWAP' }, { channel: 'positions', instType: 'SWAP' }] });
    expect(rowsOf(await client.next(isPushOf('positions', 'SWAP')))).toEqual([]);

    const bought = await net.createOrder(SWAP, 'market', 'buy', 0.02, undefined, { marginMode: 'cross' });
    const order = rowsOf(await client.next((m) => isOrderPush(String(bought.id))(m) && rowsOf(m).some((r) => r.state === 'filled'))).find((r) => r.ordId === bought.id);
    expect(order).toMatchObject({ side: 'buy', posSide: 'net', state: 'filled' });
    const long = rowsOf(await client.next((m) => isPushOf('positions', 'SWAP')(m) && rowsOf(m).some((r) => r.pos === '0.02')));
    expect(long[0]).toMatchObject({ posSide: 'net', pos: '0.02' });

    await net.createOrder(SWAP, 'market', 'sell', 0.03, undefined, { marginMode: 'cross' });
    const short = rowsOf(await client.next((m) => isPushOf('positions', 'SWAP')(m) && rowsOf(m).some((r) => r.pos === '-0.01'))).find((r) => r.pos === '-0.01');
    expect(short).toMatchObject({ posSide: 'net', mgnMode: 'cross' });
    client.close();

    // A new subscription's snapshot reads the same as the pushes.
    const again = await loggedIn(`${http.replace('http:', 'ws:')}`, netKey);
    again.send({ op: 'subscribe', args: [{ channel: 'positions', instType: 'SWAP' }] });
    expect(rowsOf(await again.next(isPushOf('positions', 'SWAP')))).toMatchObject([{ posId: short?.posId, posSide: 'net', pos: '-0.01' }]);
    await net.closePosition(SWAP, 'net', { marginMode: 'cross' });
    const closed = rowsOf(await again.next((m) => isPushOf('positions', 'SWAP')(m) && rowsOf(m).some((r) => r.pos === '0')));
    expect(closed[0]).toMatchObject({ posId: short?.posId, posSide: 'net', pos: '0' });
    again.close();
  });

  it('a spot subscription does not take contract orders', async () => {
    const client = await loggedIn(`${http.replace('http:', 'ws:')}`, key);
    client.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'SPOT' }, { channel: 'orders', instType: 'SWAP' }] });
    await client.next((m) => typeof m === 'object' && m.event === 'subscribe');
    await client.next((m) => typeof m === 'object' && m.event === 'subscribe');
    const placed = await rest.createOrder(SWAP, 'limit', 'buy', 0.01, await restingBuyPrice());
    const push = await client.next(isOrderPush(String(placed.id)));
    expect((push as Record<string, unknown>).arg).toEqual({ channel: 'orders', instType: 'SWAP' });
    await rest.cancelOrder(String(placed.id), SWAP);
    // The cancel's push reaches the SWAP subscription: the spot one took neither of them before it.
    const pushes = await client.next((m) => isOrderPush(String(placed.id))(m) && rowsOf(m).some((r) => r.state === 'canceled'));
    expect((pushes as Record<string, unknown>).arg).toEqual({ channel: 'orders', instType: 'SWAP' });
    expect(client.holds(isPushOf('orders', 'SPOT'))).toBe(false);
    client.close();
  });
});
