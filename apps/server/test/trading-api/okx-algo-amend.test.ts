import type { AddressInfo } from 'node:net';
import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';
import { loggedIn, loginFrame } from '../trading-api-ws/okx-ws-helpers.js';
import { isEvent, WsClient, type WsMessage } from '../ws-client.js';
import { lastPrice, okxCalls } from './okx-test-calls.js';

const SYMBOL = 'BTC/USDT';
type Row = Record<string, string>;
/** An `orders-algo` push naming this algo order in this state. */
const isAlgoPush =
  (algoId: string, state: string) =>
  (m: WsMessage): boolean =>
    typeof m === 'object' &&
    (m.arg as Row | undefined)?.channel === 'orders-algo' &&
    Array.isArray(m.data) &&
    (m.data as Row[]).some((a) => a.algoId === algoId && a.state === state);
const rowOf = (m: WsMessage, algoId: string): Row | undefined => (typeof m === 'object' ? (m.data as Row[]).find((a) => a.algoId === algoId) : undefined);

/** POST /api/v5/trade/amend-algos (raw and through ccxt's editOrder) and the `orders-algo` channel of /ws/v5/business. */
describe('OKX v5 amend-algos and the orders-algo channel', () => {
  let t: TestApp;
  let base: string;
  let key: ApiKeyCreateResponse;
  let okx: ReturnType<typeof okxCalls>;
  let other: ReturnType<typeof okxCalls>;
  let ccxtClient: Exchange;
  let last: number;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    const user = await signUpUser(t.app, 'okx-algo-amend');
    await fund(t.app, user.userId, 'USDT', '100000');
    await fund(t.app, user.userId, 'BTC', '1');
    key = await createKey(t.app, user, { label: 'amend', permissions: ['read', 'trade'] });
    okx = okxCalls(t.app, key);
    const stranger = await signUpUser(t.app, 'okx-algo-amend-other');
    other = okxCalls(t.app, await createKey(t.app, stranger, { label: 'other', permissions: ['read', 'trade'] }));
    expect((await okx.post('/api/v5/trade/order', { instId: 'BTC-USDT', tdMode: 'cash', side: 'sell', ordType: 'market', sz: '0.001' })).code).toBe('0');
    last = lastPrice(t.app);
    const markets = await new ccxt.okx({ urls: { api: { rest: base } }, enableRateLimit: false }).loadMarkets();
    ccxtClient = new ccxt.okx({ urls: { api: { rest: base } }, enableRateLimit: false, apiKey: key.api_key, secret: key.secret_key, password: key.passphrase });
    ccxtClient.setMarkets(markets);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  const px = (factor: number) => (Math.round(last * factor * 100) / 100).toFixed(2);
  const placeSl = async (extra: Row = {}) => {
    const placed = await okx.post('/api/v5/trade/order-algo', { instId: 'BTC-USDT', tdMode: 'cash', side: 'sell', ordType: 'conditional', sz: '0.01', slTriggerPx: px(0.9), slOrdPx: '-1', ...extra });
    expect(placed.code).toBe('0');
    return String(placed.data[0]?.algoId);
  };
  const amend = (body: Record<string, unknown>) => okx.post('/api/v5/trade/amend-algos', { instId: 'BTC-USDT', ...body });

  it('amends a stop-loss’s trigger and size in place, keeping its algoId', async () => {
    const algoId = await placeSl({ algoClOrdId: 'amend1' });
    const amended = await amend({ algoId, newSz: '0.02', newSlTriggerPx: px(0.85), newSlOrdPx: px(0.84), reqId: 'r1' });
    expect(amended).toMatchObject({ status: 200, code: '0', data: [{ algoId, algoClOrdId: 'amend1', reqId: 'r1', sCode: '0' }] });
    const read = await okx.get(`/api/v5/trade/order-algo?algoId=${algoId}`);
    expect(read.data[0]).toMatchObject({ algoId, state: 'live', sz: '0.02', slTriggerPx: px(0.85), slOrdPx: px(0.84) });
    // By algoClOrdId, a trigger order's price moved the same way.
    expect((await amend({ algoClOrdId: 'amend1', newSlTriggerPx: px(0.8) })).data[0]).toMatchObject({ algoId, sCode: '0' });
    expect((await okx.get(`/api/v5/trade/order-algo?algoId=${algoId}`)).data[0]).toMatchObject({ slTriggerPx: px(0.8), slOrdPx: px(0.84) });
  });

  it('refuses amendments OKX refuses, each with its code, and cancels on failure when asked', async () => {
    const algoId = await placeSl();
    const sCode = async (body: Record<string, unknown>) => (await amend(body)).data[0]?.sCode;
    expect(await sCode({ newSz: '0.02' })).toBe('51003');
    expect(await sCode({ algoId })).toBe('51500');
    expect(await sCode({ algoId: '999999', newSz: '0.02' })).toBe('51503');
    expect((await other.post('/api/v5/trade/amend-algos', { instId: 'BTC-USDT', algoId, newSz: '0.02' })).data[0]?.sCode).toBe('51503');
    expect(await sCode({ instId: 'NOPE-USDT', algoId, newSz: '0.02' })).toBe('51001');
    expect(await sCode({ algoId, newSlTriggerPx: px(1.1) })).toBe('51280');
    expect(await sCode({ algoId, newSz: '0.0000001' })).toBe('51121');
    expect(await sCode({ algoId, newTriggerPx: px(1.1), newOrdPx: '-1' })).toBe('51000');
    expect(await sCode({ algoId, newSlTriggerPx: px(0.8), newSlTriggerPxType: 'mark' })).toBe('51000');
    expect(await amend({ algoId, newSz: 'lots' })).toMatchObject({ status: 400, code: '51000' });
    // Refused, the order stands as it was.
    expect((await okx.get(`/api/v5/trade/order-algo?algoId=${algoId}`)).data[0]).toMatchObject({ state: 'live', sz: '0.01', slTriggerPx: px(0.9) });

    expect(await amend({ algoId, newSlTriggerPx: px(1.1), cxlOnFail: true })).toMatchObject({ code: '1', data: [{ sCode: '51280' }] });
    expect((await okx.get(`/api/v5/trade/order-algo?algoId=${algoId}`)).data[0]?.state).toBe('canceled');
    expect(await sCode({ algoId, newSz: '0.02' })).toBe('51509');
  });

  it('amends a trigger order’s trigger and order price', async () => {
    const placed = await okx.post('/api/v5/trade/order-algo', { instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'trigger', sz: '0.01', triggerPx: px(1.2), orderPx: '-1' });
    const algoId = String(placed.data[0]?.algoId);
    expect(await amend({ algoId, newSlTriggerPx: px(0.9), newSlOrdPx: '-1' })).toMatchObject({ data: [{ sCode: '51000' }] });
    expect(await amend({ algoId, newTriggerPx: px(1.3), newOrdPx: px(1.31) })).toMatchObject({ code: '0', data: [{ sCode: '0' }] });
    expect((await okx.get(`/api/v5/trade/order-algo?algoId=${algoId}`)).data[0]).toMatchObject({ triggerPx: px(1.3), ordPx: px(1.31) });
  });

  it('ccxt’s editOrder of a conditional order amends it through amend-algos', async () => {
    const algoId = await placeSl();
    const stop = Number(ccxtClient.priceToPrecision(SYMBOL, last * 0.8));
    await ccxtClient.editOrder(algoId, SYMBOL, 'conditional', 'sell', 0.03, undefined, { stopLossPrice: stop, newSlOrdPx: stop });
    const read = await ccxtClient.fetchOrder(algoId, SYMBOL, { stop: true });
    expect(read).toMatchObject({ id: algoId, amount: 0.03, stopLossPrice: stop, status: 'open' });
  });

  it('pushes each change of an algo order on orders-algo: placed, amended, cancelled', async () => {
    const client = await loggedIn(base.replace('http:', 'ws:'), key, 'business');
    client.send({ op: 'subscribe', args: [{ channel: 'orders-algo', instType: 'SPOT' }] });
    await client.next((m) => typeof m === 'object' && m.event === 'subscribe');
    const algoId = await placeSl();
    expect(rowOf(await client.next(isAlgoPush(algoId, 'live')), algoId)).toMatchObject({ instType: 'SPOT', instId: 'BTC-USDT', ordType: 'conditional', sz: '0.01', slTriggerPx: px(0.9) });
    await amend({ algoId, newSz: '0.02' });
    expect(rowOf(await client.next(isAlgoPush(algoId, 'live')), algoId)?.sz).toBe('0.02');
    await okx.post('/api/v5/trade/cancel-algos', [{ instId: 'BTC-USDT', algoId }]);
    expect(rowOf(await client.next(isAlgoPush(algoId, 'canceled')), algoId)?.state).toBe('canceled');
    client.close();
  });

  it('ccxt pro’s watchOrders with {trigger: true} logs in on /ws/v5/business and sees its algo order', async () => {
    const ws = `${base.replace('http:', 'ws:')}/ws/v5`;
    const pro = new ccxt.pro.okx({ urls: { api: { rest: base, ws } }, enableRateLimit: false, apiKey: key.api_key, secret: key.secret_key, password: key.passphrase });
    pro.setMarkets(ccxtClient.markets);
    await pro.loadHttpProxyAgent();
    try {
      // Logged in first, so the subscription goes out at once and is sent before the order: its first push reaches it.
      await pro.authenticate({ access: 'business' });
      const watched = pro.watchOrders(SYMBOL, undefined, undefined, { trigger: true });
      await new Promise<void>((resolve) => setImmediate(resolve));
      const algoId = await placeSl();
      expect((await watched).find((o) => o.id === algoId)).toMatchObject({ symbol: SYMBOL, side: 'sell', amount: 0.01, status: 'open' });
    } finally {
      await pro.close();
    }
  });

  it('refuses on /ws/v5/business a signed channel before the login, and the private channels there', async () => {
    const client = await WsClient.open(`${base.replace('http:', 'ws:')}/ws/v5/business`);
    client.send({ op: 'subscribe', args: [{ channel: 'orders-algo', instType: 'SPOT' }] });
    expect(await client.next((m) => typeof m === 'object' && m.event === 'error')).toMatchObject({ code: '60011' });
    client.send(loginFrame(key));
    await client.next(isEvent('login'));
    client.send({ op: 'subscribe', args: [{ channel: 'orders-algo', instType: 'SPOT' }, { channel: 'orders', instType: 'SPOT' }] });
    expect(await client.next(isEvent('subscribe'))).toMatchObject({ arg: { channel: 'orders-algo' } });
    expect(await client.next(isEvent('error'))).toMatchObject({ code: '60018' });
    // The bars are still served on the same socket.
    client.send({ op: 'subscribe', args: [{ channel: 'candle1m', instId: 'BTC-USDT' }] });
    expect(await client.next(isEvent('subscribe'))).toMatchObject({ arg: { channel: 'candle1m', instId: 'BTC-USDT' } });
    client.close();
  });
});
