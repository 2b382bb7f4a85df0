import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../../src/shared/decimal.js';
import { startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import {
  closeOk,
  contract,
  driveIndex,
  fillActions,
  fundInsurance,
  futuresWallet,
  insuranceFund,
  openOk,
  positionOf,
  toFutures,
  stepMarket,
} from './futures-helpers.js';

/**
 * Futures on a driven index (the test hook pins BTC's reference price; the market maker quotes
 * around it and every step marks, funds and liquidates). In order: the insurance fund starts
 * empty, so deleveraging comes before the test that funds it.
 */
describe.each<DbKind>([FEATURE_DB])('futures scenarios on %s', (kind) => {
  let t: TestApp;
  const clock = { ms: 0 };
  const drive = (price: string, steps = 2) => driveIndex(t.app, 'BTC', price, clock, steps);

  beforeAll(async () => {
    t = await startApp(kind);
    clock.ms = t.app.services.market.now;
    await drive('60000');
  });
  afterAll(() => closeChecked(t));

  it('closes a short with a loss: the loss and fees leave the margin, the rest comes back', async () => {
    await drive('60000');
    const b = await newUser(t.app);
    await toFutures(t.app, b, '500');
    const opened = await openOk(t.app, b, { side: 'short', amount: '0.01', leverage: 10 });
    const before = await positionOf(t.app, b, opened.future_id);
    await drive('60600');
    const row = await positionOf(t.app, b, opened.future_id);
    expect(Number(row.unrealized_pnl)).toBeLessThan(0);
    const closed = await closeOk(t.app, b, opened.future_id);
    expect(closed.status).toBe('closed');
    expect(Number(closed.realized_pnl)).toBeLessThan(0);
    expect(Number(closed.returned)).toBeLessThan(Number(before.margin));
    const wallet = await futuresWallet(t.app, b.userId);
    expect(wallet.locked.toFixed()).toBe('0');
    // What the open took (margin and fee), less nothing else, plus what the close gave back.
    expect(wallet.available.toFixed()).toBe(new Dec(500).minus(before.margin).minus(before.fee).plus(closed.returned).toFixed());
    const oi = await contract(t.app);
    expect(oi.open_interest_long).toBe(oi.open_interest_short);
  });

  it('liquidates a 100x long when the mark falls past its liquidation price; what is left of the margin goes to the insurance fund', async () => {
    await drive('60000');
    const a = await newUser(t.app);
    await toFutures(t.app, a, '200');
    const fundBefore = await insuranceFund(t.app);
    const opened = await openOk(t.app, a, { side: 'long', amount: '0.1', leverage: 100 });
    const row = await positionOf(t.app, a, opened.future_id);
    const lp = Number(row.liquidation_price);
    expect(lp).toBeGreaterThan(59_500);
    expect(lp).toBeLessThan(Number(row.entry_price));
    await drive('59500');
    const after = await positionOf(t.app, a, opened.future_id);
    expect(after.status).toBe('liquidated');
    expect(await fillActions(t.app, opened.future_id)).toEqual(['open', 'liquidation']);
    const fundAfter = await insuranceFund(t.app);
    expect(fundAfter.gt(fundBefore)).toBe(true);
    const wallet = await futuresWallet(t.app, a.userId);
    expect(wallet.locked.toFixed()).toBe('0');
    // Nothing came back: the wallet lost the whole margin and the opening fee.
    expect(wallet.available.toNumber()).toBeCloseTo(200 - Number(row.margin) - Number(row.fee), 6);
  });

  it('deleverages the most profitable opposite position at the bankruptcy price when the fund cannot pay a gap', async () => {
    await drive('60000');
    const fundBefore = await insuranceFund(t.app);
    const shorter = await newUser(t.app);
    const longer = await newUser(t.app);
    await toFutures(t.app, shorter, '1000');
    await toFutures(t.app, longer, '200');
    const short = await openOk(t.app, shorter, { side: 'short', amount: '0.1', leverage: 20 });
    const long = await openOk(t.app, longer, { side: 'long', amount: '0.1', leverage: 100 });
    const longRow = await positionOf(t.app, longer, long.future_id);
    await drive('57000', 1);
    const liquidated = await positionOf(t.app, longer, long.future_id);
    expect(liquidated.status).toBe('liquidated');
    expect(await fillActions(t.app, long.future_id)).toEqual(['open', 'adl']);
    const bankruptcy = Number(longRow.entry_price) - Number(longRow.margin) / 0.1;
    expect(Number(liquidated.close_price)).toBeCloseTo(bankruptcy, 0);
    const deleveraged = await positionOf(t.app, shorter, short.future_id);
    expect(deleveraged.status).toBe('closed');
    expect(await fillActions(t.app, short.future_id)).toEqual(['open', 'adl']);
    expect(Number(deleveraged.realized_pnl)).toBeGreaterThan(0);
    expect((await insuranceFund(t.app)).gte(fundBefore)).toBe(true);
    expect((await futuresWallet(t.app, longer.userId)).available.gte(0)).toBe(true);
  });

  it('pays a gap past the bankruptcy price from the insurance fund, never from a negative user balance', async () => {
    await drive('60000');
    await fundInsurance(t.app, '5000');
    const a = await newUser(t.app);
    await toFutures(t.app, a, '100');
    const fundBefore = await insuranceFund(t.app);
    const opened = await openOk(t.app, a, { side: 'long', amount: '0.1', leverage: 100 });
    const row = await positionOf(t.app, a, opened.future_id);
    await drive('58000', 1);
    const after = await positionOf(t.app, a, opened.future_id);
    expect(after.status).toBe('liquidated');
    expect(await fillActions(t.app, opened.future_id)).toEqual(['open', 'liquidation']);
    expect(Number(after.close_price)).toBeLessThan(Number(row.entry_price) - Number(row.margin) / 0.1);
    expect((await insuranceFund(t.app)).lt(fundBefore)).toBe(true);
    const wallet = await futuresWallet(t.app, a.userId);
    expect(wallet.available.toNumber()).toBeCloseTo(100 - Number(row.margin) - Number(row.fee), 6);
  });

  it('pays funding from longs to shorts at a premium, and from shorts to longs at a discount', async () => {
    await drive('60000');
    const l = await newUser(t.app);
    const s = await newUser(t.app);
    await toFutures(t.app, l, '1000');
    await toFutures(t.app, s, '1000');
    const long = await openOk(t.app, l, { side: 'long', amount: '0.1', leverage: 20 });
    const short = await openOk(t.app, s, { side: 'short', amount: '0.1', leverage: 20 });

    const payAt = async (index: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/test/futures/index', payload: { symbol: 'BTC', price: index, index_only: true } });
      expect(res.statusCode).toBe(200);
      // Sampled from now on: the premium of the new index holds for the rest of the interval.
      clock.ms += 5_000;
      await stepMarket(t.app, clock.ms);
      const next = (await contract(t.app)).next_funding_time;
      clock.ms = Math.max(clock.ms, next - 20_000);
      for (let i = 0; i < 4; i++) {
        clock.ms += 5_000;
        await stepMarket(t.app, clock.ms);
      }
      const predicted = Number((await contract(t.app)).predicted_funding_rate);
      clock.ms = next + 1_000;
      await stepMarket(t.app, clock.ms);
      return { predicted, rate: Number((await contract(t.app)).funding_rate) };
    };

    // The book quotes around 60,000: against an index of 59,900 it trades at a premium.
    const premium = await payAt('59900');
    expect(premium.rate).toBeGreaterThan(0);
    expect(premium.rate).toBeLessThanOrEqual(0.005);
    expect(premium.predicted).toBeGreaterThan(0);
    const l1 = await positionOf(t.app, l, long.future_id);
    const s1 = await positionOf(t.app, s, short.future_id);
    expect(Number(l1.funding)).toBeGreaterThan(0);
    expect(Number(s1.funding)).toBeLessThan(0);
    expect(Number(l1.funding)).toBeCloseTo(Number(l1.mark_price ?? 0) * 0.1 * premium.rate, 1);

    const discount = await payAt('60100');
    expect(discount.rate).toBeLessThan(0);
    const l2 = await positionOf(t.app, l, long.future_id);
    const s2 = await positionOf(t.app, s, short.future_id);
    expect(Number(l2.funding)).toBeLessThan(Number(l1.funding));
    expect(Number(s2.funding)).toBeGreaterThan(Number(s1.funding));

    await t.app.inject({ method: 'POST', url: '/api/test/futures/index', payload: { symbol: 'BTC', price: null, index_only: true } });
    await closeOk(t.app, l, long.future_id);
    await closeOk(t.app, s, short.future_id);
    const oi = await contract(t.app);
    expect(new Dec(oi.open_interest_long).eq(oi.open_interest_short)).toBe(true);
  });
});
