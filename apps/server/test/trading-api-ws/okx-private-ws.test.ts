import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OKX_WS_MAX_MESSAGE_BYTES, OKX_WS_MAX_SUBSCRIPTIONS, okxWsEvent, okxWsOpReply, okxWsPush, type ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey, deleteKey } from '../api-keys/api-key-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';
import { isEvent, isPong, WsClient } from '../ws-client.js';
import { isOrderPush, isReply, loggedIn, loginFrame } from './okx-ws-helpers.js';
import { okxCalls } from '../trading-api/okx-test-calls.js';

/** A limit buy far under the simulated market's BTC price, so it rests. */
const restingBuy = (clOrdId = '') => ({ instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', px: '1000', sz: '0.01', ...(clOrdId ? { clOrdId } : {}) });

describe('OKX v5 private websocket: login, order entry and pushes', () => {
  let t: TestApp;
  let base: string;
  let trader: ApiKeyCreateResponse;
  let reader: ApiKeyCreateResponse;
  let other: ApiKeyCreateResponse;

  async function keyOf(tag: string, permissions: string[]): Promise<ApiKeyCreateResponse> {
    const user = await signUpUser(t.app, tag);
    await fund(t.app, user.userId, 'USDT', '100000');
    return createKey(t.app, user, { label: tag, permissions });
  }

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    trader = await keyOf('ws-trader', ['read', 'trade']);
    reader = await keyOf('ws-reader', ['read']);
    other = await keyOf('ws-other', ['read', 'trade']);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  async function loginAnswer(frame: object) {
    const client = await WsClient.open(`${base}/ws/v5/private`);
    client.send(frame);
    const answer = okxWsEvent.parse(await client.next((m) => typeof m === 'object' && (m.event === 'login' || m.event === 'error')));
    client.close();
    return answer;
  }

  it('logs a key in with OKX’s signature and refuses each wrong login with OKX’s code', async () => {
    expect(await loginAnswer(loginFrame(trader))).toMatchObject({ event: 'login', code: '0', msg: '' });
    expect(await loginAnswer(loginFrame(trader, { secret: 'not-the-secret' }))).toMatchObject({ event: 'error', code: '60007', msg: 'Invalid sign' });
    expect(await loginAnswer(loginFrame(trader, { passphrase: 'Wrong-pass-1' }))).toMatchObject({ event: 'error', code: '60024', msg: 'Wrong passphrase' });
    const longAgo = String(Math.floor(Date.now() / 1000) - 120);
    expect(await loginAnswer(loginFrame(trader, { timestamp: longAgo }))).toMatchObject({ event: 'error', code: '60006', msg: 'Timestamp request expired' });
    expect(await loginAnswer(loginFrame(trader, { timestamp: new Date().toISOString() }))).toMatchObject({ event: 'error', code: '60004' });
    const unknown = { ...trader, api_key: '00000000-0000-4000-8000-000000000000' };
    expect(await loginAnswer(loginFrame(unknown))).toMatchObject({ event: 'error', code: '60005' });
  });

  it('answers pings, refuses what comes before the login, unknown ops, oversized frames and too many subscriptions', async () => {
    const client = await WsClient.open(`${base}/ws/v5/private`);
    client.send('ping');
    await client.next(isPong);
    client.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'SPOT' }] });
    expect(await client.next(isEvent('error'))).toMatchObject({ code: '60011' });
    client.send({ id: 'a1', op: 'order', args: [restingBuy()] });
    expect(await client.next(isEvent('error'))).toMatchObject({ code: '60011' });
    client.send({ op: 'transfer', args: [] });
    expect(await client.next(isEvent('error'))).toMatchObject({ code: '60019', msg: 'Invalid op: transfer' });
    client.send('x'.repeat(OKX_WS_MAX_MESSAGE_BYTES + 1));
    expect(await client.next(isEvent('error'))).toMatchObject({ code: '60012' });
    client.send(loginFrame(trader));
    await client.next(isEvent('login'));
    client.send(loginFrame(trader));
    expect(await client.next(isEvent('error'))).toMatchObject({ code: '60030' });
    client.send({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] });
    expect(await client.next(isEvent('error'))).toMatchObject({ code: '60018' });
    // OKX serves the algo orders on /ws/v5/business only (served there: okx-algo-amend.test.ts).
    client.send({ op: 'subscribe', args: [{ channel: 'orders-algo', instType: 'SPOT', instId: 'BTC-USDT' }] });
    expect(await client.next(isEvent('error'))).toMatchObject({
      code: '60018',
      msg: "Wrong URL or channel:orders-algo,instType:SPOT,instId:BTC-USDT doesn't exist. Please use the correct URL, channel and parameters referring to API document.",
    });
    const args = Array.from({ length: OKX_WS_MAX_SUBSCRIPTIONS + 1 }, (_, i) => ({ channel: 'orders', instType: 'SPOT', instId: `X${i}-USDT` }));
    client.send({ op: 'subscribe', args: args.slice(0, OKX_WS_MAX_SUBSCRIPTIONS) });
    for (let i = 0; i < OKX_WS_MAX_SUBSCRIPTIONS; i++) await client.next(isEvent('subscribe'));
    client.send({ op: 'subscribe', args: args.slice(OKX_WS_MAX_SUBSCRIPTIONS) });
    expect(await client.next(isEvent('error'))).toMatchObject({ code: '60020' });
    client.close();
  });

  it('refuses an order from a read-only key with OKX’s permission code, matched by id, and places nothing', async () => {
    const client = await loggedIn(base, reader);
    client.send({ id: 'ro1', op: 'order', args: [restingBuy()] });
    const reply = okxWsOpReply.parse(await client.next(isReply('ro1')));
    expect(reply).toMatchObject({ id: 'ro1', op: 'order', code: '50120', data: [] });
    client.send({ id: 'ro2', op: 'amend-order', args: [{ instId: 'BTC-USDT', ordId: '1', newPx: '2' }] });
    expect(await client.next(isReply('ro2'))).toMatchObject({ code: '50120' });
    client.close();
  });

  it('places, pushes and cancels an order over the socket; another user never sees it', async () => {
    const mine = await loggedIn(base, trader);
    const theirs = await loggedIn(base, other);
    for (const c of [mine, theirs]) {
      c.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'ANY' }] });
      expect(await c.next(isEvent('subscribe'))).toMatchObject({ event: 'subscribe', arg: { channel: 'orders', instType: 'ANY' } });
    }
    theirs.send({ id: 'o1', op: 'order', args: [restingBuy('theirs1')] });
    const theirOrder = okxWsOpReply.parse(await theirs.next(isReply('o1')));
    expect(theirOrder).toMatchObject({ code: '0', data: [{ sCode: '0', clOrdId: 'theirs1' }] });
    const theirId = String(theirOrder.data[0]?.ordId);
    expect(await theirs.next(isOrderPush(theirId))).toMatchObject({ arg: { channel: 'orders', instType: 'ANY' }, data: [{ ordId: theirId, clOrdId: 'theirs1', state: 'live' }] });

    mine.send({ id: 'o2', op: 'batch-orders', args: [restingBuy('mine1'), { ...restingBuy(), px: '-1' }] });
    const batch = await mine.next(isReply('o2'));
    // A negative price fails the request's schema: the whole request is refused with 60013.
    expect(batch).toMatchObject({ id: 'o2', op: 'batch-orders', code: '60013', data: [] });
    mine.send({ id: 'o3', op: 'batch-orders', args: [restingBuy('mine1'), restingBuy('mine1')] });
    const placed = okxWsOpReply.parse(await mine.next(isReply('o3')));
    expect(placed).toMatchObject({ code: '2', data: [{ sCode: '0', clOrdId: 'mine1' }, { sCode: '51016' }] });
    const myId = String(placed.data[0]?.ordId);
    expect(await mine.next(isOrderPush(myId))).toMatchObject({ data: [{ instType: 'SPOT', instId: 'BTC-USDT', ordId: myId, clOrdId: 'mine1', px: '1000', sz: '0.01', state: 'live' }] });

    // ccxt names the order by ordId alone (no instId): the order's own instrument is used.
    mine.send({ id: 'c1', op: 'cancel-order', args: [{ ordId: myId }] });
    expect(await mine.next(isReply('c1'))).toMatchObject({ code: '0', data: [{ ordId: myId, clOrdId: 'mine1', sCode: '0' }] });
    expect(await mine.next(isOrderPush(myId))).toMatchObject({ data: [{ ordId: myId, state: 'canceled' }] });
    mine.send({ id: 'c2', op: 'cancel-order', args: [{ instId: 'BTC-USDT', ordId: theirId }] });
    expect(await mine.next(isReply('c2'))).toMatchObject({ code: '1', data: [{ sCode: '51400' }] });
    mine.send({ id: 'c3', op: 'batch-cancel-orders', args: [{ instId: 'BTC-USDT', clOrdId: 'theirs1' }] });
    expect(await mine.next(isReply('c3'))).toMatchObject({ code: '1', data: [{ sCode: '51400' }] });
    mine.send({ id: 'm1', op: 'amend-order', args: [{ instId: 'BTC-USDT', ordId: myId, newPx: '2' }] });
    expect(await mine.next(isReply('m1'))).toMatchObject({ code: '50062', data: [] });

    // Their cancel's push reached their socket; by then any push of it to mine would have been sent too.
    theirs.send({ id: 'c4', op: 'cancel-order', args: [{ instId: 'BTC-USDT', ordId: theirId }] });
    expect(await theirs.next(isReply('c4'))).toMatchObject({ code: '0' });
    await theirs.next((m) => isOrderPush(theirId)(m) && JSON.stringify(m).includes('"canceled"'));
    expect(mine.holds(isOrderPush(theirId))).toBe(false);
    mine.close();
    theirs.close();
  });

  it('pushes a REST order with the clOrdId and tag it was placed with from its first push, a tag alone too', async () => {
    const client = await loggedIn(base, trader);
    client.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'SPOT' }] });
    await client.next(isEvent('subscribe'));
    const okx = okxCalls(t.app, trader);
    const one = await okx.post('/api/v5/trade/order', { ...restingBuy('rest1'), tag: 'botA' });
    const batch = await okx.post('/api/v5/trade/batch-orders', [{ ...restingBuy('rest2'), tag: 'botB' }, { ...restingBuy(), tag: 'onlyTag' }, restingBuy()]);
    expect([one.code, batch.code]).toEqual(['0', '0']);
    const expected = [
      { ordId: one.data[0]?.ordId, clOrdId: 'rest1', tag: 'botA' },
      { ordId: batch.data[0]?.ordId, clOrdId: 'rest2', tag: 'botB' },
      { ordId: batch.data[1]?.ordId, clOrdId: '', tag: 'onlyTag' },
      { ordId: batch.data[2]?.ordId, clOrdId: '', tag: '' },
    ];
    // A batch's orders are booked together, so one push may carry several of them: each order's
    // first row, whichever push it came in.
    const firstRows = new Map<string, unknown>();
    for (const want of expected) {
      if (!firstRows.has(String(want.ordId))) {
        const push = okxWsPush.parse(await client.next(isOrderPush(String(want.ordId))));
        for (const row of push.data as { ordId: string }[]) if (!firstRows.has(row.ordId)) firstRows.set(row.ordId, row);
      }
      expect(firstRows.get(String(want.ordId))).toMatchObject({ ...want, state: 'live' });
    }
    // The later pushes keep them: the cancel's.
    await okx.post('/api/v5/trade/cancel-order', { instId: 'BTC-USDT', ordId: String(batch.data[1]?.ordId) });
    const canceled = okxWsPush.parse(await client.next((m) => isOrderPush(String(batch.data[1]?.ordId))(m) && JSON.stringify(m).includes('"canceled"')));
    expect(canceled.data[0]).toMatchObject({ clOrdId: '', tag: 'onlyTag', state: 'canceled' });
    // The account test after this one reads the balance with nothing held.
    const rest = [one.data[0], batch.data[0], batch.data[2]].map((a) => ({ instId: 'BTC-USDT', ordId: String(a?.ordId) }));
    expect(await okx.post('/api/v5/trade/cancel-batch-orders', rest)).toMatchObject({ code: '0' });
    client.close();
  });

  it('pushes an order amended over REST (cancel and replace) with its clOrdId and tag from the new order’s first push', async () => {
    const client = await loggedIn(base, trader);
    client.send({ op: 'subscribe', args: [{ channel: 'orders', instType: 'SPOT' }] });
    await client.next(isEvent('subscribe'));
    const okx = okxCalls(t.app, trader);
    const placed = await okx.post('/api/v5/trade/order', { ...restingBuy('amend1'), tag: 'botM' });
    const amended = await okx.post('/api/v5/trade/amend-order', { instId: 'BTC-USDT', clOrdId: 'amend1', newPx: '1001' });
    expect(amended).toMatchObject({ code: '0', data: [{ clOrdId: 'amend1', sCode: '0' }] });
    const newId = String(amended.data[0]?.ordId);
    expect(newId).not.toBe(placed.data[0]?.ordId);
    const first = okxWsPush.parse(await client.next(isOrderPush(newId)));
    expect((first.data as { ordId: string }[]).find((r) => r.ordId === newId)).toMatchObject({ clOrdId: 'amend1', tag: 'botM', px: '1001', state: 'live' });
    await okx.post('/api/v5/trade/cancel-order', { instId: 'BTC-USDT', clOrdId: 'amend1' });
    const canceled = okxWsPush.parse(await client.next((m) => isOrderPush(newId)(m) && JSON.stringify(m).includes('"canceled"')));
    expect((canceled.data as { ordId: string }[]).find((r) => r.ordId === newId)).toMatchObject({ clOrdId: 'amend1', tag: 'botM', state: 'canceled' });
    client.close();
  });

  it('pushes the account on subscription and again when an order holds funds', async () => {
    const client = await loggedIn(base, trader);
    client.send({ op: 'subscribe', args: [{ channel: 'account', ccy: 'USDT' }] });
    await client.next(isEvent('subscribe'));
    const first = okxWsPush.parse(await client.next((m) => typeof m === 'object' && (m.arg as { channel?: string } | undefined)?.channel === 'account'));
    const usdt = (first.data as unknown as { details: { ccy: string; availBal: string }[] }[])[0]?.details[0];
    expect(usdt?.ccy).toBe('USDT');
    client.send({ id: 'b1', op: 'order', args: [restingBuy()] });
    await client.next(isReply('b1'));
    const next = okxWsPush.parse(await client.next((m) => typeof m === 'object' && (m.arg as { channel?: string } | undefined)?.channel === 'account'));
    const after = (next.data as unknown as { details: { availBal: string; frozenBal: string }[] }[])[0]?.details[0];
    expect(Number(after?.availBal)).toBe(Number(usdt?.availBal) - 10);

    client.send({ op: 'subscribe', args: [{ channel: 'balance_and_position' }] });
    await client.next(isEvent('subscribe'));
    const snapshot = okxWsPush.parse(await client.next((m) => typeof m === 'object' && (m.arg as { channel?: string } | undefined)?.channel === 'balance_and_position'));
    expect(snapshot.data[0]).toMatchObject({ eventType: 'snapshot', posData: [], balData: expect.arrayContaining([expect.objectContaining({ ccy: 'USDT', cashBal: String(Number(usdt?.availBal)) })]) });
    client.close();
  });

  it('places a batch in its order, refusing a clOrdId repeated within it, and stops a deleted key at its next op', async () => {
    const user = await signUpUser(t.app, 'ws-revoked');
    await fund(t.app, user.userId, 'USDT', '100000');
    const key = await createKey(t.app, user, { label: 'revoked', permissions: ['read', 'trade'] });
    const client = await loggedIn(base, key);
    client.send({ id: 'rb1', op: 'batch-orders', args: [restingBuy('reva1'), restingBuy('reva1'), restingBuy('revb1')] });
    const reply = okxWsOpReply.parse(await client.next(isReply('rb1')));
    expect(reply.code).toBe('2');
    const acks = reply.data as { ordId: string; clOrdId: string; sCode: string }[];
    expect(acks.map((a) => [a.clOrdId, a.sCode])).toEqual([
      ['reva1', '0'],
      ['reva1', '51016'],
      ['revb1', '0'],
    ]);
    // One chain: the orders took their ids in the batch's order.
    expect(BigInt(acks[0]?.ordId ?? '0')).toBeLessThan(BigInt(acks[2]?.ordId ?? '0'));

    expect((await deleteKey(t.app, user, key.api_key)).statusCode).toBe(200);
    client.send({ id: 'rb2', op: 'order', args: [restingBuy()] });
    expect(await client.next(isReply('rb2'))).toMatchObject({ code: '50111' });
    client.close();
  });
});
