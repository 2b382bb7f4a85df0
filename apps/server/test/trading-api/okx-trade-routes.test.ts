import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey, signedCall } from '../api-keys/api-key-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';

interface Envelope {
  code: string;
  msg: string;
  data: { ordId?: string; sCode?: string; state?: string; clOrdId?: string }[];
}

/** OKX's trade calls at the edges ccxt does not reach: batches, refusals per order, paging and parameters. */
describe('OKX v5 trade calls', () => {
  let t: TestApp;
  let key: ApiKeyCreateResponse;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    // The simulated market's quotes: a market buy needs an ask.
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    const user = await signUpUser(t.app, 'okx-routes');
    await fund(t.app, user.userId, 'USDT', '1000');
    key = await createKey(t.app, user, { label: 'routes', permissions: ['read', 'trade'] });
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  const post = async (path: string, body: unknown) => {
    const res = await signedCall(t.app, key, { method: 'POST', path, body: JSON.stringify(body) });
    return { status: res.statusCode, ...(res.json() as Envelope) };
  };
  const get = async (path: string) => {
    const res = await signedCall(t.app, key, { path });
    return { status: res.statusCode, ...(res.json() as Envelope) };
  };
  const limitBuy = (extra: Record<string, unknown> = {}) => ({ instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', sz: '0.01', px: '1', ...extra });

  it('answers a batch with one ack per order, code "2" when only some were placed', async () => {
    const res = await post('/api/v5/trade/batch-orders', [limitBuy({ clOrdId: 'batchA' }), limitBuy({ tdMode: 'cross' }), limitBuy({ instId: 'NOPE-USDT' })]);
    expect(res).toMatchObject({ status: 200, code: '2' });
    expect(res.data.map((a) => a.sCode)).toEqual(['0', '51000', '51001']);
    expect(res.data[0]?.ordId).toMatch(/^\d+$/);
    const pending = await get('/api/v5/trade/orders-pending?instId=BTC-USDT');
    expect(pending.data).toEqual([expect.objectContaining({ ordId: res.data[0]?.ordId, clOrdId: 'batchA', state: 'live' })]);
  });

  it('buys at market for a sum of USDT (tgtCcy quote_ccy, OKX’s default), and refuses an order that cannot pay with code "1"', async () => {
    const bought = await post('/api/v5/trade/order', { instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'market', sz: '10' });
    expect(bought).toMatchObject({ status: 200, code: '0' });
    const read = await get(`/api/v5/trade/order?instId=BTC-USDT&ordId=${bought.data[0]?.ordId}`);
    expect(read.data[0]).toMatchObject({ ordType: 'market', tgtCcy: 'quote_ccy', state: 'filled' });
    expect(Number((read.data[0] as { sz?: string }).sz)).toBeLessThanOrEqual(10);
    expect(Number((read.data[0] as { accFillSz?: string }).accFillSz)).toBeGreaterThan(0);
    expect(await post('/api/v5/trade/order', limitBuy({ sz: '20', px: '100000' }))).toMatchObject({ status: 200, code: '1', data: [{ sCode: '51008', ordId: '' }] });
  });

  it('cancels by clOrdId once, then answers the ended order and a missing one with their codes', async () => {
    const placed = await post('/api/v5/trade/order', limitBuy({ clOrdId: 'cancelMe' }));
    expect(placed.code).toBe('0');
    expect(await post('/api/v5/trade/cancel-order', { instId: 'BTC-USDT', clOrdId: 'cancelMe' })).toMatchObject({ code: '0', data: [{ ordId: placed.data[0]?.ordId, sCode: '0' }] });
    expect(await post('/api/v5/trade/cancel-order', { instId: 'BTC-USDT', clOrdId: 'cancelMe' })).toMatchObject({ code: '1', data: [{ sCode: '51402' }] });
    expect(await post('/api/v5/trade/cancel-order', { instId: 'BTC-USDT', ordId: '999999999' })).toMatchObject({ code: '1', data: [{ sCode: '51400' }] });
    expect(await post('/api/v5/trade/cancel-order', { instId: 'BTC-USDT' })).toMatchObject({ code: '1', data: [{ sCode: '51003' }] });
    const history = await get('/api/v5/trade/orders-history?instType=SPOT&instId=BTC-USDT');
    expect(history.data).toContainEqual(expect.objectContaining({ ordId: placed.data[0]?.ordId, clOrdId: 'cancelMe', state: 'canceled' }));
  });

  it('refuses a clOrdId while a live order has it (51016), frees it when that order ended, and reads the newest by it', async () => {
    const first = await post('/api/v5/trade/order', limitBuy({ clOrdId: 'reuseMe', tag: 'first' }));
    expect(first).toMatchObject({ code: '0', data: [{ sCode: '0', clOrdId: 'reuseMe' }] });
    expect(await post('/api/v5/trade/order', limitBuy({ clOrdId: 'reuseMe' }))).toMatchObject({ code: '1', data: [{ sCode: '51016', ordId: '', clOrdId: 'reuseMe' }] });
    // Over the batch call too, across calls: the spot service holds the user's live clOrdIds.
    const batch = await post('/api/v5/trade/batch-orders', [limitBuy({ clOrdId: 'reuseMe' }), limitBuy({ clOrdId: 'reuseOther' })]);
    expect(batch.data.map((a) => a.sCode)).toEqual(['51016', '0']);
    expect(await post('/api/v5/trade/cancel-order', { instId: 'BTC-USDT', clOrdId: 'reuseMe' })).toMatchObject({ code: '0', data: [{ ordId: first.data[0]?.ordId }] });
    const second = await post('/api/v5/trade/order', limitBuy({ clOrdId: 'reuseMe', tag: 'second' }));
    expect(second).toMatchObject({ code: '0', data: [{ sCode: '0' }] });
    expect(second.data[0]?.ordId).not.toBe(first.data[0]?.ordId);
    const read = await get('/api/v5/trade/order?instId=BTC-USDT&clOrdId=reuseMe');
    expect(read.data).toEqual([expect.objectContaining({ ordId: second.data[0]?.ordId, clOrdId: 'reuseMe', tag: 'second', state: 'live' })]);
    const ended = await get(`/api/v5/trade/order?instId=BTC-USDT&ordId=${first.data[0]?.ordId}`);
    expect(ended.data).toEqual([expect.objectContaining({ clOrdId: 'reuseMe', tag: 'first', state: 'canceled' })]);
  });

  it('answers OKX’s codes for missing parameters and an order that is not there', async () => {
    expect(await get('/api/v5/trade/order?ordId=1')).toMatchObject({ status: 400, code: '50014' });
    expect(await get('/api/v5/trade/order?instId=BTC-USDT')).toMatchObject({ status: 200, code: '51003' });
    expect(await get('/api/v5/trade/order?instId=BTC-USDT&ordId=999999999')).toMatchObject({ status: 200, code: '51603', data: [] });
    expect(await get('/api/v5/trade/orders-history')).toMatchObject({ status: 400, code: '50014' });
    expect(await get('/api/v5/trade/orders-pending?after=x1')).toMatchObject({ status: 400, code: '51000' });
    expect(await post('/api/v5/trade/order', limitBuy({ sz: 'lots' }))).toMatchObject({ status: 400, code: '51000' });
  });

  it('pages open orders by ordId, newest first, and answers other instrument types with no rows', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await post('/api/v5/trade/order', limitBuy())).data[0]?.ordId ?? '');
    const newest = await get('/api/v5/trade/orders-pending?limit=2');
    expect(newest.data.map((o) => o.ordId)).toEqual([ids[2], ids[1]]);
    const older = await get(`/api/v5/trade/orders-pending?after=${ids[1]}&limit=1`);
    expect(older.data.map((o) => o.ordId)).toEqual([ids[0]]);
    expect((await get('/api/v5/trade/orders-pending?instType=SWAP')).data).toEqual([]);
  });

  it('refuses an unsigned call with OKX’s 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v5/trade/order', payload: limitBuy() });
    expect(res.statusCode).toBe(401);
    expect((res.json() as Envelope).code).toBe('50103');
  });
});
