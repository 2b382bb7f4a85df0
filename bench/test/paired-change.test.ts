import { describe, expect, it } from 'vitest';
import { pairedChange, verdictOf } from '../paired-change.js';

const rounds = (pairs: [number, number][]) => pairs.map(([base, next]) => ({ base, next }));

describe('pairedChange', () => {
  it('gives each round its own change and the geometric mean of them', () => {
    const c = pairedChange(rounds([[100, 110], [200, 180], [50, 50]]));
    expect(c.changes.map((x) => Number(x.toFixed(6)))).toEqual([0.1, -0.1, 0]);
    expect(c.mean).toBeCloseTo(Math.cbrt(1.1 * 0.9) - 1, 12);
  });

  it('takes the interval from the rounds\' spread and Student\'s t', () => {
    // ln-ratios 0.1 and -0.1: mean 0, standard deviation 0.1414, t(1) = 12.706.
    const c = pairedChange(rounds([[1, Math.exp(0.1)], [1, Math.exp(-0.1)]]));
    expect(c.mean).toBeCloseTo(0, 12);
    const half = (12.706 * Math.sqrt(0.02)) / Math.sqrt(2);
    expect(c.low).toBeCloseTo(Math.exp(-half) - 1, 9);
    expect(c.high).toBeCloseTo(Math.exp(half) - 1, 9);
  });

  it('ignores how fast the machine ran in each round, only the ratio within it', () => {
    const steady = pairedChange(rounds([[100, 95], [100, 95], [100, 95]]));
    const drifting = pairedChange(rounds([[100, 95], [60, 57], [140, 133]]));
    expect(drifting.mean).toBeCloseTo(steady.mean, 12);
    expect(drifting.low).toBeCloseTo(-0.05, 9);
    expect(drifting.high).toBeCloseTo(-0.05, 9);
  });

  it('has no interval from one round, and refuses none', () => {
    expect(pairedChange(rounds([[10, 12]]))).toMatchObject({ low: null, high: null });
    expect(() => pairedChange([])).toThrow('no round to compare');
  });
});

describe('verdictOf', () => {
  const change = (low: number | null, high: number | null) => ({ changes: [], mean: 0, low, high });

  it('reads the interval against the allowed loss', () => {
    expect(verdictOf(change(0.01, 0.2), 0.1)).toBe('gained');
    expect(verdictOf(change(-0.09, 0.05), 0.1)).toBe('kept');
    expect(verdictOf(change(-0.09, -0.01), 0.1)).toBe('kept');
    expect(verdictOf(change(-0.3, -0.01), 0.1)).toBe('lost');
    expect(verdictOf(change(-0.2, 0.05), 0.1)).toBe('could not tell');
    expect(verdictOf(change(null, null), 0.1)).toBe('could not tell');
  });
});
