import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatChange,
  formatCompact,
  formatFixed,
  formatTotal,
  isUp,
  toNumber,
} from '../src/shared/format/number';

describe('toNumber', () => {
  it('reads numbers and numeric strings and gives NaN for empty input', () => {
    expect(toNumber('1.5')).toBe(1.5);
    expect(toNumber(2)).toBe(2);
    expect(toNumber('')).toBeNaN();
    expect(toNumber(null)).toBeNaN();
    expect(toNumber(undefined)).toBeNaN();
    expect(toNumber('x')).toBeNaN();
  });
});

describe('formatChange (24H change)', () => {
  it.each([
    [1.234, '+1.23%'],
    [-0.5, '-0.50%'],
    [0, '+0.00%'],
    ['2.005', '+2.01%'],
    [-12.345, '-12.35%'],
    [1234.5, '+1,234.50%'],
    ['', '+0.00%'],
    [undefined, '+0.00%'],
  ])('%s -> %s', (value, expected) => {
    expect(formatChange(value)).toBe(expected);
  });
});

describe('isUp', () => {
  it('is green at 0 or above and red below 0', () => {
    expect(isUp(0)).toBe(true);
    expect(isUp(0.01)).toBe(true);
    expect(isUp('3')).toBe(true);
    expect(isUp(-0.01)).toBe(false);
    expect(isUp('-2')).toBe(false);
    expect(isUp(undefined)).toBe(true);
  });
});

describe('amounts and totals', () => {
  it('shows amounts with 5 decimals and totals with 6', () => {
    expect(formatAmount(0.123456)).toBe('0.12346');
    expect(formatAmount(1234.5)).toBe('1,234.50000');
    expect(formatAmount(1234.5, false)).toBe('1234.50000');
    expect(formatAmount('')).toBe('0.00000');
    expect(formatTotal(12.3456789)).toBe('12.345679');
    expect(formatTotal(undefined)).toBe('0.000000');
  });

  it('never shows a negative zero', () => {
    expect(formatFixed(-0.000001, 2)).toBe('0.00');
    expect(formatFixed(-1.5, 2)).toBe('-1.50');
  });
});

describe('formatCompact (volumes)', () => {
  it.each([
    [999, '999'],
    [1200, '1.2K'],
    [3_400_000, '3.4M'],
    [5_600_000_000, '5.6B'],
    [7_100_000_000_000, '7.1T'],
    ['1250.75', '1.3K'],
    ['', '0'],
  ])('%s -> %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });
});
