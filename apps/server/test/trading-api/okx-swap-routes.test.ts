import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { FEATURE_DB, signUpUser, startApp, type TestApp } from '../helpers.js';
import { createKey, signedCall } from '../api-keys/api-key-helpers.js';
import { toFutures } from '../futures/futures-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';

interface Envelope {
  code: string;
  msg: string;
  data: Record<string, string>[];
}

const INST = 'BTC-USDT-SWAP';

/** OKX's contract calls at the edges ccxt does not reach: refusals, other users' ids, keys without the right. */
describe('OKX v5 contract calls', () => {
  let t: TestApp;
  let trader: ApiKeyCreateResponse;
  let reader: ApiKeyCreateResponse;
  let unverified: ApiKeyCreateResponse;
  let stranger: ApiKeyCreateResponse;

  async function keyOf(tag: string, permissions: string[], identity: boolean): Promise<ApiKeyCreateResponse> {
    const user = await signUpUser(t.app, tag, { identity });
    await fund(t.app, user.userId, 'USDT', '20000');
    await toFutures(t.app, user, '10000');
    return createKey(t.app, user, { label: tag, permissions });
  }

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.services.simulation.step(t.app.services.market.now + 1000);
    trader = await keyOf('swap-trader', ['read', 'trade'], true);
    reader = await keyOf('swap-reader', ['read'], true);
    unverified = await keyOf('swap-unverified', ['read', 'trade'], false);
    stranger = await keyOf('swap-stranger', ['read', 'trade'], true);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  const call = async (key: ApiKeyCreateResponse, path: string, body?: unknown) => {
    const res = await signedCall(t.app, key, body === undefined ? { path } : { method: 'POST', path, body: JSON.stringify(body) });
    return { status: res.statusCode, ...(res.json() as Envelope) };
  };
  const order = (extra: Record<string, unknown> = {}) => ({ instId: INST, tdMode: 'isolated', side: 'buy', posSide: 'long', ordType: 'limit', sz: '0.01', px: '1000', ...extra });

  it('refuses net, a missing posSide, cash, and order types the futures service does not take, each with its sCode', async () => {
    const res = await call(trader, '/api/v5/trade/batch-orders', [
      order({ posSide: 'net' }),
      order({ posSide: undefined }),
      order({ tdMode: 'cash' }),
      order({ ordType: 'post_only' }),
      order({ reduceOnly: true }),
      order({ sz: '0.000000001' }),
      order({ instId: 'NOPE-USDT-SWAP' }),
    ]);
    expect(res).toMatchObject({ status: 200, code: '1' });
    expect(res.data.map((a) => a.sCode)).toEqual(['51000', '51000', '51000', '51000', '51205', '51121', '51001']);
    expect(res.data[0]?.sMsg).toBe('Parameter posSide error');
  });

  it('places spot and contract orders in one batch, each by its own product', async () => {
    const res = await call(trader, '/api/v5/trade/batch-orders', [order({ clOrdId: 'mixedSwap' }), { instId: 'BTC-USDT', tdMode: 'cash', side: 'buy', ordType: 'limit', sz: '0.01', px: '1' }]);
    expect(res).toMatchObject({ code: '0' });
    const [swapId, spotId] = res.data.map((a) => a.ordId);
    expect((await call(trader, `/api/v5/trade/order?instId=${INST}&clOrdId=mixedSwap`)).data[0]).toMatchObject({ ordId: swapId, instType: 'SWAP', state: 'live', posSide: 'long', tdMode: 'isolated' });
    expect((await call(trader, `/api/v5/trade/order?instId=BTC-USDT&ordId=${spotId}`)).data[0]).toMatchObject({ ordId: spotId, instType: 'SPOT' });
    const pending = await call(trader, '/api/v5/trade/orders-pending?instType=SWAP');
    expect(pending.data.map((o) => o.ordId)).toEqual([swapId]);
    expect((await call(trader, '/api/v5/trade/cancel-order', { instId: INST, clOrdId: 'mixedSwap' })).data[0]).toMatchObject({ ordId: swapId, sCode: '0' });
    expect((await call(trader, '/api/v5/trade/cancel-order', { instId: INST, ordId: swapId })).data[0]).toMatchObject({ sCode: '51402' });
  });

  it('keeps another user’s contract order out of reach: not found on read and cancel', async () => {
    const theirs = (await call(stranger, '/api/v5/trade/order', order())).data[0]?.ordId ?? '';
    expect(theirs).toMatch(/^\d+$/);
    expect(await call(trader, `/api/v5/trade/order?instId=${INST}&ordId=${theirs}`)).toMatchObject({ status: 200, code: '51603', data: [] });
    expect(await call(trader, '/api/v5/trade/cancel-order', { instId: INST, ordId: theirs })).toMatchObject({ code: '1', data: [{ sCode: '51400' }] });
    expect((await call(stranger, `/api/v5/trade/order?instId=${INST}&ordId=${theirs}`)).data[0]).toMatchObject({ state: 'live' });
  });

  it('refuses a read key on every contract call that trades, and lets it read', async () => {
    for (const [path, body] of [
      ['/api/v5/trade/order', order()],
      ['/api/v5/account/set-leverage', { instId: INST, lever: '5', mgnMode: 'cross' }],
      ['/api/v5/trade/close-position', { instId: INST, mgnMode: 'cross', posSide: 'long' }],
    ] as const) {
      expect(await call(reader, path, body)).toMatchObject({ status: 401, code: '50120' });
    }
    expect(await call(reader, '/api/v5/account/positions')).toMatchObject({ status: 200, code: '0', data: [] });
  });

  it('opens no position for a user without an approved identity', async () => {
    expect(await call(unverified, '/api/v5/trade/order', order())).toMatchObject({ code: '1', data: [{ sCode: '51010' }] });
  });

  it('sets leverage by side and mode, refusing net, too much and a spot id with OKX’s codes', async () => {
    expect(await call(trader, '/api/v5/account/set-leverage', { instId: INST, lever: 9, mgnMode: 'cross' })).toMatchObject({
      code: '0',
      data: [
        { instId: INST, mgnMode: 'cross', posSide: 'long', lever: '9' },
        { instId: INST, mgnMode: 'cross', posSide: 'short', lever: '9' },
      ],
    });
    const info = await call(trader, `/api/v5/account/leverage-info?instId=${INST}&mgnMode=cross`);
    expect(info.data.map((r) => r.lever)).toEqual(['9', '9']);
    expect(await call(trader, '/api/v5/account/set-leverage', { instId: INST, lever: '5', mgnMode: 'isolated', posSide: 'net' })).toMatchObject({ status: 400, code: '51000' });
    expect(await call(trader, '/api/v5/account/set-leverage', { instId: INST, lever: '999', mgnMode: 'isolated', posSide: 'long' })).toMatchObject({ code: '59102' });
    expect(await call(trader, '/api/v5/account/set-leverage', { instId: 'BTC-USDT', lever: '5', mgnMode: 'cross' })).toMatchObject({ code: '51001' });
    expect(await call(trader, `/api/v5/account/leverage-info?instId=${INST}`)).toMatchObject({ status: 400, code: '50014' });
  });

  it('answers closing a side with no position, and a position read, with OKX’s codes', async () => {
    expect(await call(trader, '/api/v5/trade/close-position', { instId: INST, mgnMode: 'isolated', posSide: 'short' })).toMatchObject({ code: '51023', data: [] });
    expect(await call(trader, '/api/v5/trade/close-position', { instId: INST, mgnMode: 'isolated' })).toMatchObject({ status: 400, code: '51000' });
    expect(await call(trader, '/api/v5/account/positions?instType=OPTION')).toMatchObject({ code: '0', data: [] });
    expect(await call(trader, '/api/v5/account/positions?instType=NOPE')).toMatchObject({ status: 400, code: '51000' });
    expect(await call(trader, `/api/v5/account/positions?instId=${Array(11).fill(INST).join(',')}`)).toMatchObject({ status: 400, code: '51000' });
  });

  it('opens a short and closes it; positions-history shows the closed position', async () => {
    expect(await call(trader, '/api/v5/trade/order', order({ side: 'sell', posSide: 'short', ordType: 'market', px: undefined, tdMode: 'cross' }))).toMatchObject({ code: '0' });
    const [open] = (await call(trader, '/api/v5/account/positions?instType=SWAP')).data;
    expect(open).toMatchObject({ instId: INST, posSide: 'short', mgnMode: 'cross', pos: '0.01', lever: '9', margin: '' });
    expect(Number(open?.imr)).toBeGreaterThan(0);
    expect(await call(trader, '/api/v5/trade/close-position', { instId: INST, mgnMode: 'cross', posSide: 'short', clOrdId: 'closeAll' })).toMatchObject({
      code: '0',
      data: [{ instId: INST, posSide: 'short', clOrdId: 'closeAll' }],
    });
    expect((await call(trader, '/api/v5/account/positions')).data).toEqual([]);
    const history = await call(trader, `/api/v5/account/positions-history?instId=${INST}&limit=1`);
    expect(history.data).toEqual([expect.objectContaining({ posId: open?.posId, posSide: 'short', mgnMode: 'cross', type: '2', closeTotalPos: '0.01' })]);
    expect((await call(trader, `/api/v5/account/positions-history?type=3`)).data).toEqual([]);
    const fills = await call(trader, '/api/v5/trade/fills?instType=SWAP');
    expect(fills.data.map((f) => f.side)).toEqual(expect.arrayContaining(['sell', 'buy']));
  });
});
