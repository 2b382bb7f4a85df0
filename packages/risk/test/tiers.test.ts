import { describe, expect, it } from 'vitest';
import { MARGIN_TIERS, maintenanceMargin, maxLeverageFor, tierFor } from '../src/index.js';

describe('margin tiers', () => {
  it('computes cum from the formula: 0, 50, 1300, 16300', () => {
    expect(MARGIN_TIERS.map((t) => t.cum)).toEqual([0, 50, 1300, 16300]);
    expect(MARGIN_TIERS.map((t) => t.mmr)).toEqual([0.004, 0.005, 0.01, 0.025]);
    expect(MARGIN_TIERS.map((t) => t.maxLeverage)).toEqual([125, 100, 50, 20]);
  });

  it('picks the tier by notional, the floor belonging to the upper tier, the last beyond its cap', () => {
    expect(tierFor(0).mmr).toBe(0.004);
    expect(tierFor(49_999.99).mmr).toBe(0.004);
    expect(tierFor(50_000).mmr).toBe(0.005);
    expect(tierFor(999_999).mmr).toBe(0.01);
    expect(tierFor(1_000_000).mmr).toBe(0.025);
    expect(tierFor(50_000_000).mmr).toBe(0.025);
    expect(maxLeverageFor(60_000)).toBe(100);
    expect(maxLeverageFor(300_000)).toBe(50);
  });

  it('keeps the maintenance margin continuous across every tier boundary', () => {
    for (const tier of MARGIN_TIERS.slice(1)) {
      const below = maintenanceMargin(tier.floor - 1e-6);
      const at = maintenanceMargin(tier.floor);
      expect(at - below).toBeLessThan(1e-6);
    }
  });

  it('is notional × MMR − cum', () => {
    expect(maintenanceMargin(60_000)).toBeCloseTo(60_000 * 0.005 - 50, 9);
    expect(maintenanceMargin(20_000)).toBeCloseTo(80, 9);
    expect(maintenanceMargin(2_000_000)).toBeCloseTo(50_000 - 16_300, 9);
  });
});
