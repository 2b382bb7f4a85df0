import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankruptcyPrice,
  crossEquityAt,
  crossLiquidationPrice,
  crossMaintenanceAt,
  initialMargin,
  isolatedEquityAt,
  isolatedLiquidationPrice,
  maintenanceMargin,
  tierFor,
  type CrossAccount,
  type IsolatedPosition,
  type Side,
} from '../src/index.js';

const round2 = (x: number): number => Math.round(x * 100) / 100;

describe('isolated liquidation price: the issue\'s table, 1 BTC at 60,000 in the 0.5% tier', () => {
  const rows: [leverage: number, side: Side, im: number, lp: number, bp: number][] = [
    [20, 'long', 3_000, 57_236.18, 57_000],
    [20, 'short', 3_000, 62_736.32, 63_000],
    [100, 'long', 600, 59_648.24, 59_400],
    [100, 'short', 600, 60_348.26, 60_600],
  ];

  it.each(rows)('%i×, %s: IM %d, LP %d, BP %d', (leverage, side, im, lp, bp) => {
    const margin = initialMargin(60_000, leverage);
    expect(margin).toBe(im);
    const position: IsolatedPosition = { side, qty: 1, entryPrice: 60_000, margin };
    const liquidation = isolatedLiquidationPrice(position);
    expect(round2(liquidation)).toBe(lp);
    expect(bankruptcyPrice(position)).toBe(bp);
    expect(tierFor(liquidation).mmr).toBe(0.005);
    // At the liquidation price, equity equals maintenance margin.
    expect(Math.abs(isolatedEquityAt(position, liquidation) - maintenanceMargin(liquidation))).toBeLessThan(1e-6);
  });
});

describe('isolated liquidation price across tiers', () => {
  it('recomputes a long in the lower tier its liquidation notional falls into', () => {
    // 4.4 BTC at 60,000 = 264,000 (1% tier); the 1% tier's formula gives 54,246.97, a notional of
    // 238,687 in the 0.5% tier, where the price is (26,400 + 50 − 264,000) / (4.4 × 0.005 − 4.4).
    const position: IsolatedPosition = { side: 'long', qty: 4.4, entryPrice: 60_000, margin: 26_400 };
    expect(tierFor(4.4 * 60_000).mmr).toBe(0.01);
    const lp = isolatedLiquidationPrice(position);
    expect(lp).toBeCloseTo((26_400 + 50 - 264_000) / (4.4 * 0.005 - 4.4), 6);
    expect(round2(lp)).toBe(54_259.94);
    expect(tierFor(4.4 * lp).mmr).toBe(0.005);
    expect(Math.abs(isolatedEquityAt(position, lp) - maintenanceMargin(4.4 * lp))).toBeLessThan(1e-6);
    const entryTierOnly = (26_400 + 1_300 - 264_000) / (4.4 * 0.01 - 4.4);
    expect(Math.abs(lp - entryTierOnly)).toBeGreaterThan(10);
  });

  it('recomputes a short in the higher tier its liquidation notional rises into', () => {
    // 4 BTC at 60,000 = 240,000 (0.5% tier); at its liquidation price the notional passes 250,000.
    const position: IsolatedPosition = { side: 'short', qty: 4, entryPrice: 60_000, margin: 24_000 };
    const lp = isolatedLiquidationPrice(position);
    expect(lp).toBeCloseTo((24_000 + 1_300 + 240_000) / (4 * 0.01 + 4), 6);
    expect(tierFor(4 * lp).mmr).toBe(0.01);
    expect(Math.abs(isolatedEquityAt(position, lp) - maintenanceMargin(4 * lp))).toBeLessThan(1e-6);
  });

  it('returns 0 for a long that cannot be liquidated', () => {
    expect(isolatedLiquidationPrice({ side: 'long', qty: 1, entryPrice: 60_000, margin: 60_000 })).toBe(0);
  });

  it('refuses a quantity that is not positive', () => {
    expect(() => isolatedLiquidationPrice({ side: 'long', qty: 0, entryPrice: 60_000, margin: 1 })).toThrow(RangeError);
  });

  it('balances equity and maintenance at the liquidation price for any position and tier', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Side>('long', 'short'),
        fc.double({ min: 0.001, max: 200, noNaN: true }),
        fc.double({ min: 100, max: 100_000, noNaN: true }),
        fc.integer({ min: 2, max: 125 }),
        (side, qty, entryPrice, leverage) => {
          const margin = initialMargin(qty * entryPrice, leverage);
          const position: IsolatedPosition = { side, qty, entryPrice, margin };
          const lp = isolatedLiquidationPrice(position);
          fc.pre(lp > 0);
          const gap = isolatedEquityAt(position, lp) - maintenanceMargin(qty * lp);
          expect(Math.abs(gap)).toBeLessThan(1e-6 * Math.max(1, qty * entryPrice));
          // Past the liquidation price by a little, equity falls below maintenance.
          const past = lp * (side === 'long' ? 0.999 : 1.001);
          expect(isolatedEquityAt(position, past)).toBeLessThan(maintenanceMargin(qty * past));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('cross liquidation price', () => {
  // 10 ETH long bought at 3,000, marked at 3,100: +1,000 profit, 31,000 notional, MM 124.
  const eth = { side: 'long' as const, qty: 10, entryPrice: 3_000, markPrice: 3_100 };

  it('prices a second position with the first held at its mark', () => {
    const account: CrossAccount = {
      walletBalance: 10_000,
      position: { side: 'long', qty: 1, entryPrice: 60_000 },
      others: [eth],
    };
    const lp = crossLiquidationPrice(account);
    // WB 10,000 + 1,000 − 124 = 10,876 gives 49,320.6 in the 0.5% tier, a notional in the 0.4% tier.
    expect(lp).toBeCloseTo((10_876 - 60_000) / (0.004 - 1), 6);
    expect(Math.abs(crossEquityAt(account, lp) - crossMaintenanceAt(account, lp))).toBeLessThan(1e-6);
    expect(crossEquityAt(account, lp * 0.999)).toBeLessThan(crossMaintenanceAt(account, lp * 0.999));
  });

  it('moves with the other position: a loss there brings a short\'s liquidation closer', () => {
    const base: CrossAccount = {
      walletBalance: 8_000,
      position: { side: 'short', qty: 1, entryPrice: 60_000 },
      others: [eth],
    };
    const losing: CrossAccount = { ...base, others: [{ ...eth, markPrice: 2_900 }] };
    const lpBase = crossLiquidationPrice(base);
    const lpLosing = crossLiquidationPrice(losing);
    // 2,000 less profit, 8 less maintenance (ETH notional 31,000 → 29,000 at 0.4%).
    expect(lpLosing).toBeCloseTo(lpBase - (2_000 - 8) / 1.005, 6);
    for (const account of [base, losing]) {
      const lp = crossLiquidationPrice(account);
      expect(Math.abs(crossEquityAt(account, lp) - crossMaintenanceAt(account, lp))).toBeLessThan(1e-6);
    }
  });

  it('is the isolated price when the wallet holds only this position\'s margin', () => {
    const isolated: IsolatedPosition = { side: 'long', qty: 1, entryPrice: 60_000, margin: 3_000 };
    const lp = crossLiquidationPrice({ walletBalance: 3_000, position: isolated, others: [] });
    expect(lp).toBe(isolatedLiquidationPrice(isolated));
  });
});
