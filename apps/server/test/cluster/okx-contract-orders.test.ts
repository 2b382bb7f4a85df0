import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okxWsOpReply, type ApiKeyCreateResponse } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { signUpUser } from '../helpers.js';
import { createKey, signedCall } from '../api-keys/api-key-helpers.js';
import { toFutures } from '../futures/futures-helpers.js';
import { okxCalls } from '../trading-api/okx-test-calls.js';
import { fund } from '../trading/trading-helpers.js';
import { isReply, loggedIn } from '../trading-api-ws/okx-ws-helpers.js';
import { startTwoProcesses, type TwoProcesses } from './cluster-helpers.js';

const INST = 'BTC-USDT-SWAP';
/** A long bid far below the market: it rests on the book until canceled. */
const restingBid = (clOrdId: string) => ({ instId: INST, tdMode: 'isolated', side: 'buy', posSide: 'long', ordType: 'limit', sz: '0.01', px: '1000', clOrdId });

/**
 * Issue 42: contract orders through /api/v5 on a cluster. The futures service runs on the venues'
 * owner alone; a contract order that reaches another process goes to the owner, as a spot order does.
 */
describe('OKX v5 contract orders on either process of a cluster', () => {
  let cluster: TwoProcesses;
  let owner: App;
  let follower: App;
  let key: ApiKeyCreateResponse;
  let calls: (app: App) => ReturnType<typeof okxCalls>;

  beforeAll(async () => {
    cluster = await startTwoProcesses();
    owner = cluster.a;
    follower = cluster.b;
    expect(await owner.services.venueLease?.takeNow()).toBe(true);
    await owner.services.simulation.step(owner.services.market.now + 1000);
    const user = await signUpUser(owner, 'swap-cluster', { identity: true });
    await fund(owner, user.userId, 'USDT', '20000');
    await toFutures(owner, user, '10000');
    key = await createKey(owner, user, { label: 'swap-cluster', permissions: ['read', 'trade'] });
    calls = (app) => okxCalls(app, key);
  });
  afterAll(async () => {
    await cluster?.close();
  });

  it.each([
    ['the follower', () => follower],
    ['the owner', () => owner],
  ])('places a swap order and cancels it on %s, single and in a batch', async (_, on) => {
    const app = on();
    const tag = app === owner ? 'own' : 'fol';
    const placed = await calls(app).post('/api/v5/trade/order', restingBid(`${tag}1`));
    expect(placed, JSON.stringify(placed)).toMatchObject({ status: 200, code: '0', data: [{ sCode: '0', clOrdId: `${tag}1` }] });
    const batch = await calls(app).post('/api/v5/trade/batch-orders', [restingBid(`${tag}2`), { ...restingBid(`${tag}3`), instId: 'BTC-USDT', tdMode: 'cash', posSide: undefined }]);
    expect(batch.data.map((a) => a.sCode), JSON.stringify(batch)).toEqual(['0', '0']);

    const read = await calls(app).get(`/api/v5/trade/order?instId=${INST}&clOrdId=${tag}1`);
    expect(read.data[0]).toMatchObject({ ordId: placed.data[0]?.ordId, state: 'live' });
    for (const clOrdId of [`${tag}1`, `${tag}2`]) {
      const canceled = await calls(app).post('/api/v5/trade/cancel-order', { instId: INST, clOrdId });
      expect(canceled, JSON.stringify(canceled)).toMatchObject({ status: 200, code: '0', data: [{ sCode: '0' }] });
    }
    const again = await calls(app).post('/api/v5/trade/cancel-order', { instId: INST, clOrdId: `${tag}1` });
    expect(again.data[0]?.sCode).toBe('51402');
  });

  it("places and cancels a contract order over the follower's private socket: the owner's futures take it", async () => {
    await follower.listen({ port: 0, host: '127.0.0.1' });
    const client = await loggedIn(`ws://127.0.0.1:${(follower.server.address() as AddressInfo).port}`, key);
    client.send({ id: 'w1', op: 'order', args: [restingBid('ws1')] });
    const placed = okxWsOpReply.parse(await client.next(isReply('w1')));
    expect(placed, JSON.stringify(placed)).toMatchObject({ code: '0', data: [{ sCode: '0', clOrdId: 'ws1' }] });
    const ordId = String(placed.data[0]?.ordId);
    expect((await calls(owner).get(`/api/v5/trade/order?instId=${INST}&ordId=${ordId}`)).data[0]).toMatchObject({ clOrdId: 'ws1', state: 'live' });
    // By ordId alone, as ccxt's cancelOrderWs names it.
    client.send({ id: 'w2', op: 'cancel-order', args: [{ ordId }] });
    expect(await client.next(isReply('w2'))).toMatchObject({ code: '0', data: [{ ordId, clOrdId: 'ws1', sCode: '0' }] });
    expect((await calls(owner).get(`/api/v5/trade/order?instId=${INST}&ordId=${ordId}`)).data[0]).toMatchObject({ state: 'canceled' });
    client.close();
  });

  it("forwards a signed call that runs on the owner with its body's bytes as sent, which its signature covers", async () => {
    // Not JSON.stringify's form: a client's own spacing, as Python's json.dumps writes it.
    const body = '{"instId": "BTC-USDT-SWAP", "lever": "4", "mgnMode": "cross"}';
    const res = await signedCall(follower, key, { method: 'POST', path: '/api/v5/account/set-leverage', body });
    expect(res.json(), res.body).toMatchObject({ code: '0', data: [{ lever: '4' }, { lever: '4' }] });
  });

  it("counts a forwarded call's per-key limit once: 10 position reads per 2 s on the follower, the 11th refused", async () => {
    // At once, so that all fall in one window; the follower counts each, the owner none again.
    const reads = await Promise.all(Array.from({ length: 11 }, () => calls(follower).get('/api/v5/account/positions')));
    expect(reads.filter((r) => r.code === '0')).toHaveLength(10);
    expect(reads.filter((r) => r.code === '50011' && r.status === 429)).toHaveLength(1);
  });
});
