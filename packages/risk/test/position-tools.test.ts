import { describe, expect, it } from 'vitest';
import { leverageCap, maxRemovableMargin, minimumIsolatedMargin, triggerReached, triggerSideError } from '../src/index.js';

describe('leverageCap', () => {
  it('is the contract maximum for a small position and the tier cap as it grows', () => {
    expect(leverageCap(125, 0)).toBe(125);
    expect(leverageCap(125, 49_999)).toBe(125);
    expect(leverageCap(125, 50_000)).toBe(100);
    expect(leverageCap(125, 250_000)).toBe(50);
    expect(leverageCap(125, 1_000_000)).toBe(20);
    expect(leverageCap(75, 10_000)).toBe(75);
  });
});

describe('isolated margin removal', () => {
  const long = { side: 'long' as const, qty: 0.1, entryPrice: 100_000, leverage: 10 };
  it('keeps the initial margin at entry when the position is in profit', () => {
    expect(minimumIsolatedMargin(long, 110_000)).toBeCloseTo(1_000, 9);
    expect(maxRemovableMargin({ ...long, margin: 1_500 }, 110_000)).toBeCloseTo(500, 9);
  });
  it('adds the unrealised loss at the mark', () => {
    expect(minimumIsolatedMargin(long, 99_000)).toBeCloseTo(1_100, 9);
    expect(maxRemovableMargin({ ...long, margin: 1_500 }, 99_000)).toBeCloseTo(400, 9);
    const short = { ...long, side: 'short' as const };
    expect(minimumIsolatedMargin(short, 101_000)).toBeCloseTo(1_100, 9);
  });
  it('lets a short in profit remove down to its initial margin, and one in loss less', () => {
    const short = { ...long, side: 'short' as const, margin: 1_500 };
    expect(maxRemovableMargin(short, 90_000)).toBeCloseTo(500, 9);
    expect(maxRemovableMargin(short, 104_000)).toBeCloseTo(100, 9);
    expect(maxRemovableMargin(short, 106_000)).toBe(0);
  });
  it('is never below zero', () => {
    expect(maxRemovableMargin({ ...long, margin: 900 }, 100_000)).toBe(0);
  });
});

describe('take-profit and stop-loss', () => {
  it('fires a long take-profit at or above it and a stop-loss at or below it', () => {
    expect(triggerReached('long', 110, 90, 109.9)).toBeNull();
    expect(triggerReached('long', 110, 90, 110)).toBe('tp');
    expect(triggerReached('long', 110, 90, 90)).toBe('sl');
    expect(triggerReached('long', null, 90, 200)).toBeNull();
  });
  it('fires a short take-profit at or below it and a stop-loss at or above it', () => {
    expect(triggerReached('short', 90, 110, 91)).toBeNull();
    expect(triggerReached('short', 90, 110, 89)).toBe('tp');
    expect(triggerReached('short', 90, 110, 111)).toBe('sl');
  });
  it('refuses triggers on the wrong side of the price', () => {
    expect(triggerSideError('long', 110, 90, 100)).toBeNull();
    expect(triggerSideError('long', 100, null, 100)).toBe('tp');
    expect(triggerSideError('long', null, 101, 100)).toBe('sl');
    expect(triggerSideError('short', 110, null, 100)).toBe('tp');
    expect(triggerSideError('short', 90, 95, 100)).toBe('sl');
  });
});
