import { describe, expect, it } from 'vitest';
import { rates, walkBook, withinTolerance } from '../../src/modules/convert/quote-math.js';
import { Dec } from '../../src/shared/decimal.js';

const levels = (...pairs: [string, string][]) => pairs.map(([price, qty]) => ({ price: new Dec(price), qty: new Dec(qty) }));

describe('the convert quote’s book walk', () => {
  const asks = levels(['100', '1'], ['110', '2'], ['130', '10']);
  const bids = levels(['99', '1'], ['90', '2']);

  it('spends USDT on the asks from the best one up, partly into the last level', () => {
    // 100 buys the first level; 220 more buys both coins of the second; 65 buys half a coin at 130.
    expect(walkBook(asks, true, new Dec(385))).toEqual({ out: new Dec('3.5'), coins: new Dec('3.5') });
    expect(walkBook(asks, true, new Dec(50))?.out.toFixed()).toBe('0.5');
  });

  it('sells coins into the bids from the best one down', () => {
    expect(walkBook(bids, false, new Dec('2'))?.out.toFixed()).toBe('189');
    expect(walkBook(bids, false, new Dec('0.5'))?.out.toFixed()).toBe('49.5');
  });

  it('rounds what the user gets down to 8 decimals, and refuses what the visible book cannot fill', () => {
    expect(walkBook(levels(['3', '10']), true, new Dec(1))?.out.toFixed()).toBe('0.33333333');
    expect(walkBook(bids, false, new Dec('3.01'))).toBeNull();
    expect(walkBook([], true, new Dec(1))).toBeNull();
  });

  it('gives the rate both ways and checks a client’s figure within a tolerance', () => {
    const { rate, inverse } = rates(new Dec(100), new Dec('0.00096618'));
    expect(rate.toFixed()).toBe('0.0000096618');
    expect(Number(inverse)).toBeCloseTo(103500.38, 1);
    expect(withinTolerance(new Dec('0.99'), new Dec(1), 0.01)).toBe(true);
    expect(withinTolerance(new Dec('0.989'), new Dec(1), 0.01)).toBe(false);
    expect(withinTolerance(new Dec(1), new Dec(0), 0.01)).toBe(false);
  });
});
