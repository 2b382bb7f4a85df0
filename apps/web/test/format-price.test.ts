import { describe, expect, it } from 'vitest';
import { formatPrice, formatUsdPrice, priceDecimals } from '../src/shared/format/price';

describe('formatPrice (spec 3 §9: up to 8 decimals, 8 under 0.01)', () => {
  it.each([
    [648.24, '648.24'],
    ['648.1200', '648.12'],
    [0.7703, '0.7703'],
    ['0.770300', '0.7703'],
    [103631.08, '103,631.08'],
    [1234567.891, '1,234,567.891'],
    [2, '2.00'],
    [1000.1, '1,000.10'],
    [0.123456789, '0.12345679'],
    [0.01, '0.01'],
    [0.0099, '0.00990000'],
    [0.00001234, '0.00001234'],
    [0.000000015, '0.00000002'],
    ['43250.5', '43,250.50'],
  ])('%s -> %s', (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it('gives 0.00 for empty, missing, non-numeric and zero prices', () => {
    for (const value of ['', '   ', undefined, null, Number.NaN, 'abc', 0]) {
      expect(formatPrice(value)).toBe('0.00');
    }
  });

  it('reads negative values by their size and never shows a negative zero', () => {
    expect(formatPrice(-0.5)).toBe('-0.50');
    expect(formatPrice(-0.005)).toBe('-0.00500000');
    expect(formatPrice(-0.000000001)).toBe('0.00000000');
  });
});

describe('formatUsdPrice', () => {
  it('prefixes the dollar sign and gives $0.00 when empty', () => {
    expect(formatUsdPrice('')).toBe('$0.00');
    expect(formatUsdPrice(undefined)).toBe('$0.00');
    expect(formatUsdPrice(1000)).toBe('$1,000.00');
    expect(formatUsdPrice(0.0099)).toBe('$0.00990000');
    expect(formatUsdPrice(-2)).toBe('-$2.00');
  });
});

describe('priceDecimals (spec 1 §9 tiers, for a price typed into the spot form)', () => {
  it.each([
    [43250, 2],
    [1000, 2],
    [999.99, 4],
    [1, 4],
    [0.5, 6],
    [0.01, 6],
    [0.0099, 8],
    [-1500, 2],
  ])('%s -> %s', (value, expected) => {
    expect(priceDecimals(value)).toBe(expected);
  });
});
