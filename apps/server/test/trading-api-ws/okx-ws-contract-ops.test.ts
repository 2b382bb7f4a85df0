import type { AddressInfo } from 'node:net';
import type { Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { okxWsOpReply, type ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { toFutures } from '../futures/futures-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';
import { okxCalls } from '../trading-api/okx-test-calls.js';
import type { WsClient } from '../ws-client.js';
import { hedgedCcxt, isReply, loggedIn } from './okx-ws-helpers.js';

const SWAP = 'BTC/USDT:USDT';
const INST = 'BTC-USDT-SWAP';
/** A long bid far below the market: it rests on the book until canceled. */
const swapBid = (clOrdId: string) => ({ instId: INST, tdMode: 'isolated', side: 'buy', posSide: 'long', ordType: 'limit', sz: '0.01', px: '1000', clOrdId });
const spotBid = (clOrdId: string) => ({ instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', sz: '0.01', px: '1000', clOrdId });
type Ack = { ordId: string; clOrdId: string; sCode: string; sMsg: string };

/**
 * Issue 42: contract orders (SWAP and delivery futures) through /ws/v5/private's order ops, as the
 * REST calls place them: ccxt pro's createOrderWs and cancelOrderWs on a perpetual, and raw frames.
 */
describe('OKX private websocket: contract order entry', () => {
  let t: TestApp;
  let base: string;
  let rest: Exchange;
  let pro: Exchange;
  let key: ApiKeyCreateResponse;
  let okx: ReturnType<typeof okxCalls>;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const http = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    base = http.replace('http:', 'ws:');
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    const user = await signUpUser(t.app, 'ws-contract-ops', { identity: true });
    await fund(t.app, user.userId, 'USDT', '100000');
    await toFutures(t.app, user, '50000');
    key = await createKey(t.app, user, { label: 'ws-contract-ops', permissions: ['read', 'trade'] });
    okx = okxCalls(t.app, key);
    ({ rest, pro } = await hedgedCcxt(http, key));
  });
  afterAll(async () => {
    await pro?.close();
    if (t) await closeChecked(t);
  });

  async function op(client: WsClient, id: string, opName: string, args: object[]): Promise<{ code: string; data: Ack[] }> {
    client.send({ id, op: opName, args });
    const reply = okxWsOpReply.parse(await client.next(isReply(id)));
    return { code: reply.code, data: reply.data as Ack[] };
  }

  it('ccxt pro createOrderWs places a perpetual limit order, watchOrders sees it, cancelOrderWs cancels it', async () => {
    const watched = pro.watchOrders(SWAP);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const placed = await pro.createOrderWs(SWAP, 'limit', 'buy', 0.01, 1000, { clOrdId: 'wsOps1', marginMode: 'isolated' });
    expect(placed.id).toMatch(/^\d+$/);
    expect(placed.clientOrderId).toBe('wsOps1');
    const seen = (await watched).find((o) => o.id === placed.id);
    expect(seen).toMatchObject({ symbol: SWAP, type: 'limit', side: 'buy', price: 1000, amount: 0.01, status: 'open', clientOrderId: 'wsOps1' });
    expect(seen?.info).toMatchObject({ instType: 'SWAP', instId: INST, posSide: 'long', tdMode: 'isolated' });

    const next = pro.watchOrders(SWAP);
    // ccxt names the order by ordId alone: the contract order is found by it.
    const canceled = await pro.cancelOrderWs(String(placed.id), SWAP);
    expect(canceled.id).toBe(placed.id);
    expect((await next).find((o) => o.id === placed.id)).toMatchObject({ status: 'canceled', clientOrderId: 'wsOps1' });
    expect((await rest.fetchOrder(String(placed.id), SWAP)).status).toBe('canceled');
  });

  it('ccxt pro createOrderWs opens at market and closes reduce-only', async () => {
    const opened = await pro.createOrderWs(SWAP, 'market', 'buy', 0.02, undefined, { marginMode: 'cross' });
    expect(opened.id).toMatch(/^\d+$/);
    expect(await rest.fetchOrder(String(opened.id), SWAP)).toMatchObject({ status: 'closed', filled: 0.02, reduceOnly: false });
    const [position] = await rest.fetchPositions([SWAP]);
    expect(position).toMatchObject({ side: 'long', contracts: 0.02, marginMode: 'cross' });

    const closed = await pro.createOrderWs(SWAP, 'market', 'sell', 0.02, undefined, { marginMode: 'cross', reduceOnly: true });
    expect(await rest.fetchOrder(String(closed.id), SWAP)).toMatchObject({ status: 'closed', side: 'sell', filled: 0.02 });
    expect((await rest.fetchPositions([SWAP])).filter((p) => Number(p.contracts) > 0)).toEqual([]);
  });

  it('a batch mixing spot, perpetual and delivery orders places each on its product, and batch-cancel-orders cancels them', async () => {
    const delivery = Object.values(rest.markets ?? {}).find((m) => m?.future && m.base === 'BTC');
    const futId = String(delivery?.id);
    const client = await loggedIn(base, key);
    const placed = await op(client, 'mix1', 'batch-orders', [spotBid('mixSpot'), swapBid('mixSwap'), { ...swapBid('mixSwap'), px: '1100' }, { ...swapBid('mixFut'), instId: futId, tdMode: 'cross' }]);
    // The repeated clOrdId is refused on its own (51016); the others are placed.
    expect(placed.code).toBe('2');
    expect(placed.data.map((a) => [a.clOrdId, a.sCode])).toEqual([
      ['mixSpot', '0'],
      ['mixSwap', '0'],
      ['mixSwap', '51016'],
      ['mixFut', '0'],
    ]);
    expect((await okx.get(`/api/v5/trade/order?instId=${futId}&clOrdId=mixFut`)).data[0]).toMatchObject({ instType: 'FUTURES', tdMode: 'cross', state: 'live' });
    expect((await okx.get(`/api/v5/trade/order?instId=BTC-USDT&clOrdId=mixSpot`)).data[0]).toMatchObject({ instType: 'SPOT', state: 'live' });
    expect((await okx.get(`/api/v5/trade/order?instId=${INST}&clOrdId=mixSwap`)).data[0]).toMatchObject({ instType: 'SWAP', posSide: 'long', state: 'live' });

    const canceled = await op(client, 'mix2', 'batch-cancel-orders', [
      { instId: 'BTC-USDT', clOrdId: 'mixSpot' },
      { instId: INST, ordId: placed.data[1]?.ordId },
      { instId: futId, clOrdId: 'mixFut' },
    ]);
    expect(canceled).toMatchObject({
      code: '0',
      data: [{ clOrdId: 'mixSpot', sCode: '0' }, { ordId: placed.data[1]?.ordId, clOrdId: 'mixSwap', sCode: '0' }, { ordId: placed.data[3]?.ordId, sCode: '0' }],
    });
    const again = await op(client, 'mix3', 'cancel-order', [{ instId: INST, clOrdId: 'mixSwap' }]);
    expect(again).toMatchObject({ code: '1', data: [{ sCode: '51402' }] });
    client.close();
  });

  it('refuses contract orders with OKX’s codes, each in the reply matched by id, placing nothing', async () => {
    const client = await loggedIn(base, key);
    const refused = await op(client, 'bad1', 'batch-orders', [
      { ...swapBid('badInst'), instId: 'XYZ-USDT-SWAP' },
      { ...swapBid('badSide'), posSide: 'net' },
      { ...swapBid('badMode'), tdMode: 'cash' },
      { ...swapBid('badReduce'), reduceOnly: true },
    ]);
    expect(refused.code).toBe('1');
    expect(refused.data.map((a) => [a.clOrdId, a.sCode, a.ordId])).toEqual([
      ['badInst', '51001', ''],
      ['badSide', '51000', ''],
      ['badMode', '51000', ''],
      ['badReduce', '51205', ''],
    ]);
    expect(refused.data[1]?.sMsg).toBe('Parameter posSide error');
    // A refused order's clOrdId is free again.
    expect(await op(client, 'bad2', 'order', [swapBid('badSide')])).toMatchObject({ code: '0', data: [{ clOrdId: 'badSide', sCode: '0' }] });
    expect(await op(client, 'bad3', 'cancel-order', [{ clOrdId: 'badSide' }])).toMatchObject({ code: '0', data: [{ clOrdId: 'badSide', sCode: '0' }] });
    expect(await op(client, 'bad4', 'cancel-order', [{ instId: 'XYZ-USDT-SWAP', ordId: '1' }])).toMatchObject({ code: '1', data: [{ sCode: '51400' }] });
    expect(await op(client, 'bad5', 'cancel-order', [{ ordId: '99999999999' }])).toMatchObject({ code: '1', data: [{ sCode: '51400' }] });
    client.close();
  });
});
