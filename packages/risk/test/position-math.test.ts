import { describe, expect, it } from 'vitest';
import {
  bankruptcyPrice,
  initialMargin,
  marginRatio,
  returnPercentage,
  sideSign,
  unrealizedPnl,
} from '../src/index.js';

describe('position math', () => {
  it('signs sides', () => {
    expect(sideSign('long')).toBe(1);
    expect(sideSign('short')).toBe(-1);
  });

  it('holds notional / leverage as initial margin', () => {
    expect(initialMargin(60_000, 20)).toBe(3_000);
    expect(initialMargin(60_000, 100)).toBe(600);
  });

  it('gives a long the rise and a short the fall', () => {
    expect(unrealizedPnl('long', 2, 60_000, 61_000)).toBe(2_000);
    expect(unrealizedPnl('long', 2, 60_000, 59_000)).toBe(-2_000);
    expect(unrealizedPnl('short', 2, 60_000, 61_000)).toBe(-2_000);
    expect(unrealizedPnl('short', 2, 60_000, 59_000)).toBe(2_000);
  });

  it('finds the bankruptcy price where the margin is used up, never below 0', () => {
    expect(bankruptcyPrice({ side: 'long', qty: 1, entryPrice: 60_000, margin: 3_000 })).toBe(57_000);
    expect(bankruptcyPrice({ side: 'short', qty: 1, entryPrice: 60_000, margin: 3_000 })).toBe(63_000);
    expect(bankruptcyPrice({ side: 'long', qty: 2, entryPrice: 60_000, margin: 1_200 })).toBe(59_400);
    expect(bankruptcyPrice({ side: 'long', qty: 1, entryPrice: 60_000, margin: 70_000 })).toBe(0);
    const qty = 1.5;
    const margin = 900;
    const bp = bankruptcyPrice({ side: 'short', qty, entryPrice: 60_000, margin });
    expect(margin + unrealizedPnl('short', qty, 60_000, bp)).toBeCloseTo(0, 9);
  });

  it('relates profit to margin in percent', () => {
    expect(returnPercentage(300, 3_000)).toBeCloseTo(10, 12);
    expect(returnPercentage(-600, 600)).toBe(-100);
    expect(returnPercentage(5, 0)).toBe(0);
  });

  it('reports the margin ratio, Infinity once equity is gone', () => {
    expect(marginRatio(250, 1_000)).toBe(0.25);
    expect(marginRatio(250, 250)).toBe(1);
    expect(marginRatio(250, 0)).toBe(Infinity);
    expect(marginRatio(250, -10)).toBe(Infinity);
  });
});
