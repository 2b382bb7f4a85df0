import { describe, expect, it } from 'vitest';
import { depthData, depthPath } from '../src/shared/chart/depth';

const book = {
  bids: [
    { price: 100, amount: 1 },
    { price: 99, amount: 2 },
    { price: 98, amount: 0 },
    { price: 97, amount: 3 },
  ],
  asks: [
    { price: 101, amount: 0.5 },
    { price: 103, amount: 1.5 },
  ],
};

describe('depth of the book', () => {
  it('accumulates each side from its best level outwards, skipping empty levels, up to the count', () => {
    const data = depthData(book, 20);
    expect(data?.bids).toEqual([
      { price: 100, amount: 1, total: 1 },
      { price: 99, amount: 2, total: 3 },
      { price: 97, amount: 3, total: 6 },
    ]);
    expect(data?.asks.map((r) => r.total)).toEqual([0.5, 2]);
    expect(data).toMatchObject({ minPrice: 97, maxPrice: 103, maxTotal: 6 });
    expect(depthData(book, 1)?.bids).toEqual([{ price: 100, amount: 1, total: 1 }]);
    expect(depthData({ bids: [], asks: [] }, 20)).toBeNull();
  });

  it('draws a staircase: each level holds its total from its price to the next level', () => {
    const data = depthData(book, 20);
    if (!data) throw new Error('no depth');
    // Prices 97..103 over 600 units: 100 per price unit; totals 0..6 over 60: 10 per unit of amount.
    expect(depthPath(data.bids, data, 600, 60)).toBe('M300,60 V50 H200 V30 H0 V0 V60Z');
    expect(depthPath(data.asks, data, 600, 60)).toBe('M400,60 V55 H600 V40 V60Z');
    expect(depthPath([], data, 600, 60)).toBe('');
  });
});
