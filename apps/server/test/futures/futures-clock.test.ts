import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { contract, fillActions, openOk, positionOf, toFutures } from './futures-helpers.js';

/**
 * The kernel clock ticks the futures' risk whatever moves the prices: here the simulated market
 * never steps (autoStart off, and no test step), as with a real price feed, and only the index moves.
 */
describe('futures risk on the kernel clock, with the simulated market stopped', () => {
  let t: TestApp;
  let ms = 0;
  const tick = async (at: number) => {
    ms = at;
    await t.app.services.clock.tick(ms);
  };

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    ms = t.app.services.market.now;
    await tick(ms + 5_000);
  });
  afterAll(() => closeChecked(t));

  it('pays funding at its time, not before', async () => {
    const l = await newUser(t.app);
    const s = await newUser(t.app);
    await toFutures(t.app, l, '1000');
    await toFutures(t.app, s, '1000');
    const long = await openOk(t.app, l, { side: 'long', amount: '0.1', leverage: 20 });
    const short = await openOk(t.app, s, { side: 'short', amount: '0.1', leverage: 20 });
    const fundingTime = (await contract(t.app)).next_funding_time;
    const settled = async () =>
      (await t.app.services.db.query(`SELECT 1 FROM futures_funding WHERE inst_id = 'BTC-USDT-SWAP' AND funding_time = $1`, [fundingTime])).rows.length;

    await tick(fundingTime - 1_000);
    expect(await settled()).toBe(0);
    expect((await positionOf(t.app, l, long.future_id)).funding).toBe('0');

    await tick(fundingTime + 1_000);
    expect(await settled()).toBe(1);
    expect(t.app.services.market.now).toBe(fundingTime + 1_000);
    // With no premium the rate is the interest alone: longs pay shorts.
    expect(Number((await positionOf(t.app, l, long.future_id)).funding)).toBeGreaterThan(0);
    expect(Number((await positionOf(t.app, s, short.future_id)).funding)).toBeLessThan(0);
    expect((await contract(t.app)).next_funding_time).toBeGreaterThan(fundingTime);
  });

  it('liquidates a position when the index moves through its liquidation price', async () => {
    const a = await newUser(t.app);
    await toFutures(t.app, a, '200');
    const opened = await openOk(t.app, a, { side: 'long', amount: '0.1', leverage: 100 });
    const row = await positionOf(t.app, a, opened.future_id);
    const lp = Number(row.liquidation_price);
    await tick(ms + 5_000);
    expect((await positionOf(t.app, a, opened.future_id)).status).toBe('active');

    const below = String(Math.floor(lp * 0.97));
    const res = await t.app.inject({ method: 'POST', url: '/api/test/futures/index', payload: { symbol: 'BTC', price: below } });
    expect(res.statusCode, res.body).toBe(200);
    await tick(ms + 5_000);
    expect(Number((await contract(t.app)).index_price)).toBe(Number(below));
    const after = await positionOf(t.app, a, opened.future_id);
    expect(after.status).toBe('liquidated');
    expect((await fillActions(t.app, opened.future_id))[0]).toBe('open');
    expect(await fillActions(t.app, opened.future_id)).not.toEqual(['open']);
  });
});
