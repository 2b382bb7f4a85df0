import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, futuresContractsResponse, futuresMessages } from '@exchange/contract';
import { expiryInstId, quarterlyExpiry } from '../../src/modules/futures/expiry.js';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { driveIndex, fillActions, openOk, openPosition, positionOf, toFutures , stepMarket } from './futures-helpers.js';

describe('quarterly delivery contracts', () => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  });
  afterAll(() => closeChecked(t));

  const contracts = async () =>
    futuresContractsResponse.parse((await t.app.inject({ url: `/api/v1/futures/contracts?apikey=${DEFAULT_API_KEY}` })).json());

  it('lists the current quarter, settles every position at the average index of its last 30 minutes, and lists the next quarter', async () => {
    const expiry = quarterlyExpiry(clock.ms);
    const instId = expiryInstId('BTC', expiry);
    const listed = (await contracts()).find((c) => c.inst_id === instId);
    expect(listed).toMatchObject({ type: 'expiry', expiry_time: expiry, funding_rate: '0.00000000' });

    const long = await newUser(t.app);
    const short = await newUser(t.app);
    await toFutures(t.app, long, '1000');
    await toFutures(t.app, short, '1000');
    const l = await openOk(t.app, long, { side: 'long', amount: '0.01', leverage: 10, symbol: instId });
    const s = await openOk(t.app, short, { side: 'short', amount: '0.01', leverage: 10, symbol: instId });
    const entry = Number((await positionOf(t.app, long, l.future_id)).entry_price);

    // The last half hour: the index at 61,000, then 61,600, so the settlement averages them.
    await driveIndex(t.app, 'BTC', '61000', clock, 1);
    for (const [minutes, price] of [
      [25, '61000'],
      [20, '61000'],
      [15, '61000'],
      [10, '61600'],
      [5, '61600'],
      [0, '61600'],
    ] as const) {
      clock.ms = expiry - minutes * 60_000;
      await t.app.inject({ method: 'POST', url: '/api/test/futures/index', payload: { symbol: 'BTC', price } });
      await stepMarket(t.app, clock.ms);
    }
    clock.ms = expiry + 1_000;
    await stepMarket(t.app, clock.ms);

    const settledLong = await positionOf(t.app, long, l.future_id);
    const settledShort = await positionOf(t.app, short, s.future_id);
    expect(settledLong.status).toBe('closed');
    expect(settledShort.status).toBe('closed');
    expect(await fillActions(t.app, l.future_id)).toEqual(['open', 'delivery']);
    expect(Number(settledLong.close_price)).toBeCloseTo(61_300, 0);
    expect(Number(settledLong.realized_pnl)).toBeCloseTo((61_300 - entry) * 0.01, 1);
    expect(Number(settledShort.realized_pnl)).toBeLessThan(0);

    const now = await contracts();
    expect(now.find((c) => c.inst_id === instId)).toBeUndefined();
    const next = expiryInstId('BTC', quarterlyExpiry(expiry));
    expect(now.find((c) => c.inst_id === next)).toMatchObject({ type: 'expiry' });
    const refused = await openPosition(t.app, long, { side: 'long', amount: '0.01', symbol: instId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: futuresMessages.contractExpired });
    await openOk(t.app, long, { side: 'long', amount: '0.01', leverage: 10, symbol: next });
  });
});
