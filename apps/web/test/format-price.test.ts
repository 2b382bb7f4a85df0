import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  formatPriceMaxDecimals,
  formatSearchPrice,
  formatUsdPrice,
  priceDecimals,
} from '../src/shared/format/price';

describe('formatPrice (spec 1 §9 tiers)', () => {
  it.each([
    [1000, '1,000.00'],
    [1234567.891, '1,234,567.89'],
    [999.99, '999.9900'],
    [1, '1.0000'],
    [0.99, '0.990000'],
    [0.01, '0.010000'],
    [0.0099, '0.00990000'],
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

  it('picks the tier from the size of negative values too', () => {
    expect(priceDecimals(-1500)).toBe(2);
    expect(formatPrice(-0.5)).toBe('-0.500000');
  });
});

describe('formatUsdPrice', () => {
  it('prefixes the dollar sign and gives $0.00 when empty', () => {
    expect(formatUsdPrice('')).toBe('$0.00');
    expect(formatUsdPrice(undefined)).toBe('$0.00');
    expect(formatUsdPrice(1000)).toBe('$1,000.00');
    expect(formatUsdPrice(0.0099)).toBe('$0.00990000');
    expect(formatUsdPrice(-2)).toBe('-$2.0000');
  });
});

describe('formatPriceMaxDecimals (landing and search)', () => {
  it('shows up to 8 decimals without padding on the landing page', () => {
    expect(formatPriceMaxDecimals(43250.5)).toBe('43,250.5');
    expect(formatPriceMaxDecimals(0.123456789)).toBe('0.12345679');
    expect(formatPriceMaxDecimals(2)).toBe('2');
    expect(formatPriceMaxDecimals('')).toBe('0');
  });

  it('pads search prices to at least 2 decimals', () => {
    expect(formatSearchPrice(2)).toBe('2.00');
    expect(formatSearchPrice(0.00001234)).toBe('0.00001234');
    expect(formatSearchPrice(1000.1)).toBe('1,000.10');
    expect(formatSearchPrice(undefined)).toBe('0.00');
  });
});
