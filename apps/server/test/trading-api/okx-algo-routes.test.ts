import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { lastPrice, okxCalls } from './okx-test-calls.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';

/** OKX's algo and order-change calls at the edges ccxt does not reach: refusals, parameters, the dead-man's switch. */
describe('OKX v5 algo orders, amend, bulk cancel and the dead-man’s switch', () => {
  let t: TestApp;
  let okx: ReturnType<typeof okxCalls>;
  let reader: ReturnType<typeof okxCalls>;
  let last: number;
  let user: Awaited<ReturnType<typeof signUpUser>>;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    user = await signUpUser(t.app, 'okx-algo-routes');
    await fund(t.app, user.userId, 'USDT', '100000');
    await fund(t.app, user.userId, 'BTC', '1');
    okx = okxCalls(t.app, await createKey(t.app, user, { label: 'algo', permissions: ['read', 'trade'] }));
    reader = okxCalls(t.app, await createKey(t.app, user, { label: 'algo-read', permissions: ['read'] }));
    expect((await okx.post('/api/v5/trade/order', { instId: 'BTC-USDT', tdMode: 'cash', side: 'sell', ordType: 'market', sz: '0.001' })).code).toBe('0');
    last = lastPrice(t.app);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  const px = (factor: number) => (Math.round(last * factor * 100) / 100).toFixed(2);
  const sellSl = (extra: Record<string, unknown> = {}) => ({ instId: 'BTC-USDT', tdMode: 'cash', side: 'sell', ordType: 'conditional', sz: '0.01', slTriggerPx: px(0.9), slOrdPx: '-1', ...extra });
  const placeAlgo = (body: unknown) => okx.post('/api/v5/trade/order-algo', body);
  const sCodeOf = async (body: unknown) => (await placeAlgo(body)).data[0]?.sCode;

  it('refuses algo orders OKX would refuse, each with its code', async () => {
    expect(await sCodeOf(sellSl({ slOrdPx: undefined }))).toBe('51000');
    expect(await sCodeOf(sellSl({ ordType: 'oco' }))).toBe('51000');
    expect(await sCodeOf(sellSl({ slTriggerPx: undefined }))).toBe('51000');
    expect(await sCodeOf(sellSl({ instId: 'NOPE-USDT' }))).toBe('51001');
    expect(await sCodeOf(sellSl({ tdMode: 'isolated' }))).toBe('51000');
    expect(await sCodeOf(sellSl({ slTriggerPxType: 'mark' }))).toBe('51000');
    expect(await sCodeOf(sellSl({ sz: '0.0000001' }))).toBe('51121');
    expect(await sCodeOf(sellSl({ slTriggerPx: px(1.1) }))).toBe('51280');
    expect(await sCodeOf(sellSl({ slTriggerPx: undefined, slOrdPx: undefined, tpTriggerPx: px(0.9), tpOrdPx: '-1' }))).toBe('51279');
    expect(await sCodeOf(sellSl({ side: 'buy', slTriggerPx: px(0.9) }))).toBe('51278');
    expect(await sCodeOf(sellSl({ side: 'buy', slTriggerPx: undefined, slOrdPx: undefined, tpTriggerPx: px(1.1), tpOrdPx: '-1' }))).toBe('51277');
    expect(await sCodeOf({ instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'trigger', sz: '0.01', orderPx: '-1' })).toBe('51000');
    const refused = await placeAlgo(sellSl({ slOrdPx: undefined }));
    expect(refused).toMatchObject({ status: 200, code: '1', data: [{ algoId: '', sCode: '51000' }] });
    expect(await placeAlgo({ ...sellSl(), ordType: 'iceberg' })).toMatchObject({ status: 400, code: '51000' });
    expect(await reader.post('/api/v5/trade/order-algo', sellSl())).toMatchObject({ status: 401, code: '50120' });
  });

  it('keeps algoClOrdId unique per user, reads an oco order by it and ends it with cancel-algos', async () => {
    const oco = sellSl({ ordType: 'oco', tpTriggerPx: px(1.1), tpOrdPx: px(1.1), algoClOrdId: 'oco1' });
    const placed = await placeAlgo(oco);
    expect(placed).toMatchObject({ code: '0', data: [{ sCode: '0', algoClOrdId: 'oco1' }] });
    expect(await sCodeOf(oco)).toBe('51016');
    const read = await okx.get('/api/v5/trade/order-algo?algoClOrdId=oco1');
    expect(read.data[0]).toMatchObject({ algoId: placed.data[0]?.algoId, ordType: 'oco', state: 'live', slTriggerPx: px(0.9), tpOrdPx: px(1.1), instType: 'SPOT' });
    const cancel = await okx.post('/api/v5/trade/cancel-algos', [
      { instId: 'BTC-USDT', algoClOrdId: 'oco1' },
      { instId: 'BTC-USDT', algoId: '999' },
      { instId: 'BTC-USDT' },
    ]);
    expect(cancel).toMatchObject({ code: '2' });
    expect(cancel.data.map((a) => a.sCode)).toEqual(['0', '51400', '51003']);
    expect((await okx.post('/api/v5/trade/cancel-algos', [{ instId: 'BTC-USDT', algoClOrdId: 'oco1' }])).data[0]?.sCode).toBe('51402');
    const history = await okx.get('/api/v5/trade/orders-algo-history?ordType=oco&state=canceled');
    expect(history.data.map((a) => a.algoId)).toContain(placed.data[0]?.algoId);
  });

  it('answers OKX’s codes for the algo lists’ parameters', async () => {
    expect(await okx.get('/api/v5/trade/orders-algo-pending')).toMatchObject({ status: 400, code: '50014' });
    expect(await okx.get('/api/v5/trade/orders-algo-pending?ordType=bogus')).toMatchObject({ status: 400, code: '51000' });
    expect(await okx.get('/api/v5/trade/orders-algo-pending?ordType=conditional&instType=SWAP')).toMatchObject({ status: 200, data: [] });
    expect(await okx.get('/api/v5/trade/orders-algo-pending?ordType=twap')).toMatchObject({ status: 200, data: [] });
    expect(await okx.get('/api/v5/trade/orders-algo-pending?ordType=conditional&after=x')).toMatchObject({ status: 400, code: '51000' });
    expect(await okx.get('/api/v5/trade/orders-algo-history?ordType=conditional')).toMatchObject({ status: 400, code: '50014' });
    expect(await okx.get('/api/v5/trade/orders-algo-history?ordType=conditional&state=live')).toMatchObject({ status: 400, code: '51000' });
    expect(await okx.get('/api/v5/trade/order-algo')).toMatchObject({ status: 200, code: '51003' });
    expect(await okx.get('/api/v5/trade/order-algo?algoId=12')).toMatchObject({ status: 200, code: '51603' });
    const eleven = Array.from({ length: 11 }, () => ({ instId: 'BTC-USDT', algoId: '1' }));
    expect(await okx.post('/api/v5/trade/cancel-algos', eleven)).toMatchObject({ status: 400, code: '51000' });
  });

  const restingBuy = async (extra: Record<string, unknown> = {}) => {
    const res = await okx.post('/api/v5/trade/order', { instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', sz: '0.01', px: px(0.8), ...extra });
    expect(res.code).toBe('0');
    return res.data[0]?.ordId ?? '';
  };

  it('refuses amendments OKX would refuse', async () => {
    const ordId = await restingBuy();
    const amend = (body: Record<string, unknown>) => okx.post('/api/v5/trade/amend-order', { instId: 'BTC-USDT', ...body });
    expect((await amend({ ordId })).data[0]?.sCode).toBe('51500');
    expect((await amend({ newSz: '0.02' })).data[0]?.sCode).toBe('51003');
    expect((await amend({ ordId: '999999999', newSz: '0.02' })).data[0]?.sCode).toBe('51503');
    expect((await okx.post('/api/v5/trade/cancel-order', { instId: 'BTC-USDT', ordId })).code).toBe('0');
    expect(await amend({ ordId, newPx: px(0.7) })).toMatchObject({ code: '1', data: [{ sCode: '51509', ordId }] });
  });

  it('cancels a batch of at most 20, each answered', async () => {
    const ordId = await restingBuy();
    const res = await okx.post('/api/v5/trade/cancel-batch-orders', [
      { instId: 'BTC-USDT', ordId },
      { instId: 'BTC-USDT', ordId: '999999999' },
    ]);
    expect(res).toMatchObject({ code: '2' });
    expect(res.data.map((a) => a.sCode)).toEqual(['0', '51400']);
    const many = Array.from({ length: 21 }, () => ({ instId: 'BTC-USDT', ordId }));
    expect(await okx.post('/api/v5/trade/cancel-batch-orders', many)).toMatchObject({ status: 400, code: '51000' });
    const archive = await okx.get('/api/v5/trade/orders-history-archive?instType=SPOT');
    expect(archive.data.map((o) => o.ordId)).toContain(ordId);
    expect(await okx.get('/api/v5/trade/orders-history-archive')).toMatchObject({ status: 400, code: '50014' });
  });

  it('never shows, amends or cancels another user’s orders and algo orders', async () => {
    const other = await signUpUser(t.app, 'okx-algo-other');
    await fund(t.app, other.userId, 'USDT', '100000');
    await fund(t.app, other.userId, 'BTC', '1');
    const theirs = okxCalls(t.app, await createKey(t.app, other, { label: 'other', permissions: ['read', 'trade'] }));
    const algoId = (await theirs.post('/api/v5/trade/order-algo', sellSl({ algoClOrdId: 'theirs1' }))).data[0]?.algoId ?? '';
    const ordId = (await theirs.post('/api/v5/trade/order', { instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', sz: '0.01', px: px(0.8), clOrdId: 'theirs2' })).data[0]?.ordId ?? '';
    expect(algoId).not.toBe('');
    expect(ordId).not.toBe('');

    expect(await okx.get(`/api/v5/trade/order-algo?algoId=${algoId}`)).toMatchObject({ code: '51603', data: [] });
    expect(await okx.get('/api/v5/trade/order-algo?algoClOrdId=theirs1')).toMatchObject({ code: '51603', data: [] });
    expect((await okx.get(`/api/v5/trade/orders-algo-pending?ordType=conditional&algoId=${algoId}`)).data).toEqual([]);
    expect((await okx.get(`/api/v5/trade/orders-algo-history?ordType=conditional&algoId=${algoId}`)).data).toEqual([]);
    expect((await okx.post('/api/v5/trade/cancel-algos', [{ instId: 'BTC-USDT', algoId }])).data[0]?.sCode).toBe('51400');
    expect((await okx.post('/api/v5/trade/amend-order', { instId: 'BTC-USDT', ordId, newSz: '0.02' })).data[0]?.sCode).toBe('51503');
    expect((await okx.post('/api/v5/trade/amend-order', { instId: 'BTC-USDT', clOrdId: 'theirs2', newSz: '0.02' })).data[0]?.sCode).toBe('51503');
    expect((await okx.post('/api/v5/trade/cancel-batch-orders', [{ instId: 'BTC-USDT', ordId }])).data[0]?.sCode).toBe('51400');
    expect((await okx.get('/api/v5/trade/orders-history-archive?instType=SPOT')).data.map((o) => o.ordId)).not.toContain(ordId);

    expect((await theirs.get(`/api/v5/trade/order-algo?algoId=${algoId}`)).data[0]).toMatchObject({ state: 'live' });
    expect((await theirs.get(`/api/v5/trade/order?instId=BTC-USDT&ordId=${ordId}`)).data[0]).toMatchObject({ state: 'live', sz: '0.01' });
  });

  it('cancels every open order when the dead-man’s switch lapses, and not once it is turned off', async () => {
    // OKX allows one call a second per key: each call here has a key of its own (one user's, one switch).
    const deadMan = async (body: unknown) => okxCalls(t.app, await createKey(t.app, user, { label: 'switch', permissions: ['trade'] })).post('/api/v5/trade/cancel-all-after', body);
    expect(await deadMan({ timeOut: '5' })).toMatchObject({ status: 400, code: '51000' });
    expect(await deadMan({ timeOut: '121' })).toMatchObject({ status: 400, code: '51000' });
    const orders = [await restingBuy(), await restingBuy()];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const set = await deadMan({ timeOut: '10', tag: 'bot' });
      expect(set.data[0]).toMatchObject({ tag: 'bot' });
      expect(Number(set.data[0]?.triggerTime)).toBeGreaterThan(Number(set.data[0]?.ts));
      // Turned off before it lapses: nothing is cancelled.
      vi.advanceTimersByTime(1_000);
      expect((await deadMan({ timeOut: 0 })).data[0]).toMatchObject({ triggerTime: '0' });
      vi.advanceTimersByTime(20_000);
      await t.app.services.background.idle();
      const pending = (await okx.get('/api/v5/trade/orders-pending')).data.map((o) => o.ordId);
      expect(pending).toEqual(expect.arrayContaining(orders));
      // Set again, it lapses.
      vi.advanceTimersByTime(1_000);
      await deadMan({ timeOut: 10 });
      vi.advanceTimersByTime(10_000);
    } finally {
      vi.useRealTimers();
    }
    await t.app.services.background.idle();
    expect((await okx.get('/api/v5/trade/orders-pending')).data).toEqual([]);
  });
});
