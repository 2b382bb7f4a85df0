import { describe, expect, it } from 'vitest';
import { BASIS_SAMPLES, BasisAverage, markPrice } from '../src/index.js';

const H = 60 * 60 * 1000;
// Funding basis: 60,000 × (1 + 0.0001 × 2 h / 4 h) = 60,003.
const base = { index: 60_000, lastFundingRate: 0.0001, msToNextFunding: 2 * H, intervalMs: 4 * H, basisAverage: 10 };

describe('mark price', () => {
  it('is the median of funding basis, index + basis average and last trade', () => {
    expect(markPrice({ ...base, lastPrice: 70_000 })).toBeCloseTo(60_010, 9);
    expect(markPrice({ ...base, lastPrice: 50_000 })).toBeCloseTo(60_003, 9);
    expect(markPrice({ ...base, lastPrice: 60_005 })).toBe(60_005);
  });

  it('uses the index in place of a missing last trade', () => {
    expect(markPrice({ ...base, lastPrice: null })).toBeCloseTo(60_003, 9);
    expect(markPrice({ ...base, basisAverage: -10, lastPrice: null })).toBe(60_000);
  });
});

describe('basis average', () => {
  it('is 0 before the first sample and skips moments without a mid', () => {
    const basis = new BasisAverage();
    expect(basis.value()).toBe(0);
    basis.sample(null, 60_000);
    expect(basis.size).toBe(0);
    basis.sample(60_010, 60_000);
    basis.sample(null, 60_000);
    basis.sample(59_990, 60_000);
    basis.sample(60_030, 60_000);
    expect(basis.size).toBe(3);
    expect(basis.value()).toBeCloseTo(10, 12);
  });

  it('keeps only the last 60 samples, 5 minutes at one every 5 s', () => {
    const basis = new BasisAverage();
    basis.sample(61_200, 60_000);
    for (let i = 0; i < BASIS_SAMPLES - 1; i++) basis.sample(60_000, 60_000);
    expect(basis.value()).toBeCloseTo(1_200 / 60, 12);
    basis.sample(60_000, 60_000);
    expect(basis.size).toBe(60);
    expect(basis.value()).toBe(0);
    for (let i = 0; i < 30; i++) basis.sample(60_006, 60_000);
    expect(basis.value()).toBeCloseTo(3, 12);
  });
});
