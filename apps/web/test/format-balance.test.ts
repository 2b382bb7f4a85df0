import { describe, expect, it } from 'vitest';
import { formatBalance, formatCurrency, formatPercent, formatSignedBalance, formatUsd } from '../src/shared/format/balance';

describe('formatBalance (spec 3 §9: 8 decimals on transfer)', () => {
  it.each([
    ['10000', '10,000.00000000'],
    ['0.000999', '0.00099900'],
    [2500.25, '2,500.25000000'],
    ['0.123456789', '0.12345679'],
    ['', '0.00000000'],
    [undefined, '0.00000000'],
  ])('%s -> %s', (value, expected) => {
    expect(formatBalance(value)).toBe(expected);
  });
});

describe('formatSignedBalance', () => {
  it('always shows the sign of a change, and none on zero', () => {
    expect(formatSignedBalance('0.000999')).toBe('+0.00099900');
    expect(formatSignedBalance('-650.5')).toBe('-650.50000000');
    expect(formatSignedBalance('10000')).toBe('+10,000.00000000');
    expect(formatSignedBalance('0')).toBe('0.00000000');
  });
});

describe('formatCurrency and formatUsd (spec 3 §9: USD, 8 decimals under 0.01)', () => {
  it.each([
    ['12345.67', '12,345.67', '$12,345.67'],
    [9753.95647, '9,753.96', '$9,753.96'],
    [0.005, '0.00500000', '$0.00500000'],
    [0.01, '0.01', '$0.01'],
    [0, '0.00', '$0.00'],
    ['', '0.00', '$0.00'],
    [-3.5, '-3.50', '-$3.50'],
  ])('%s -> %s and %s', (value, currency, usd) => {
    expect(formatCurrency(value)).toBe(currency);
    expect(formatUsd(value)).toBe(usd);
  });
});

describe('formatPercent', () => {
  it('shows a share with 2 decimals', () => {
    expect(formatPercent(42.5)).toBe('42.50%');
    expect(formatPercent(100)).toBe('100.00%');
    expect(formatPercent(0.004)).toBe('0.00%');
  });
});
