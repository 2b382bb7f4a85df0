import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma } from '../src/shared/chart/indicators';

const round = (list: readonly number[], digits = 4) => list.map((v) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : null));

describe('chart indicators', () => {
  it('averages the last period values, and has none before the period is full', () => {
    expect(round(sma([1, 2, 3, 4, 5, 6], 3))).toEqual([null, null, 2, 3, 4, 5]);
    expect(sma([], 3)).toEqual([]);
  });

  it('seeds the EMA with the simple average, then weighs each value by 2/(n+1)', () => {
    // n = 3: k = 0.5; seed (1+2+3)/3 = 2, then 4·0.5+2·0.5 = 3, then 8·0.5+3·0.5 = 5.5.
    expect(round(ema([1, 2, 3, 4, 8], 3))).toEqual([null, null, 2, 3, 5.5]);
  });

  it('draws Bollinger bands two standard deviations around the average', () => {
    const [, , , point] = bollinger([2, 4, 4, 4, 5, 5, 7, 9].slice(0, 4), 4, 2);
    // Values 2, 4, 4, 4: mean 3.5, population deviation √0.75.
    expect(point?.middle).toBeCloseTo(3.5, 10);
    expect(point?.upper).toBeCloseTo(3.5 + 2 * Math.sqrt(0.75), 10);
    expect(point?.lower).toBeCloseTo(3.5 - 2 * Math.sqrt(0.75), 10);
    const flat = bollinger([5, 5, 5], 3);
    expect(flat[2]).toEqual({ middle: 5, upper: 5, lower: 5 });
  });

  it('gives a MACD of zero on a flat market and a positive one on a rising market', () => {
    const flat = macd(Array(40).fill(10));
    expect(flat.at(-1)).toEqual({ macd: 0, signal: 0, histogram: 0 });
    const rising = macd(Array.from({ length: 60 }, (_, i) => 100 + i));
    const last = rising.at(-1);
    expect(last?.macd).toBeGreaterThan(0);
    expect(last?.histogram).toBeCloseTo((last?.macd ?? 0) - (last?.signal ?? 0), 10);
    expect(Number.isFinite(rising[30]?.signal)).toBe(false);
    expect(Number.isFinite(rising[33]?.signal)).toBe(true);
  });

  it('computes Wilder’s RSI: 100 on gains only, 0 on losses only, 50 with no change', () => {
    expect(rsi(Array.from({ length: 20 }, (_, i) => i)).at(-1)).toBe(100);
    expect(rsi(Array.from({ length: 20 }, (_, i) => 20 - i)).at(-1)).toBe(0);
    expect(rsi(Array(20).fill(3)).at(-1)).toBe(50);
    const values = rsi([1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
    expect(values.slice(0, 14).every((v) => Number.isNaN(v))).toBe(true);
    // Seven rises and seven falls of 1 over the first 14 changes: equal averages, RSI 50.
    expect(values[14]).toBeCloseTo(50, 10);
  });
});
