import { describe, expect, it } from 'vitest';
import { multiplyDecimals, percentOfRate, rateOfPercent, toFixedDecimal, totalInUsdt } from '../src/shared/format/decimal';

describe('multiplyDecimals', () => {
  it('multiplies exactly where floating point would not', () => {
    expect(0.1 * 3).not.toBe(0.3);
    expect(multiplyDecimals('0.1', '3', 6)).toBe('0.300000');
    expect(multiplyDecimals(0.1, 0.2, 2)).toBe('0.02');
  });

  it('rounds half away from zero at the requested scale', () => {
    expect(multiplyDecimals('1.0000005', '1', 6)).toBe('1.000001');
    expect(multiplyDecimals('1.0000004999', '1', 6)).toBe('1.000000');
    expect(multiplyDecimals('-1.0000005', '1', 6)).toBe('-1.000001');
    expect(multiplyDecimals('-0.0000001', '1', 6)).toBe('0.000000');
  });

  it('reads signs, bare fractions and exponents', () => {
    expect(multiplyDecimals('-2', '.5', 1)).toBe('-1.0');
    expect(multiplyDecimals(1e-7, 1e7, 0)).toBe('1');
    expect(multiplyDecimals('1.5e3', '2', 0)).toBe('3000');
    expect(multiplyDecimals('5.', '2', 2)).toBe('10.00');
  });

  it('keeps large values exact', () => {
    expect(multiplyDecimals('98765432.123456', '12345.6789', 6)).toBe('1219326311415.932934');
  });

  it('gives null for non-numbers', () => {
    expect(multiplyDecimals('', '1', 2)).toBeNull();
    expect(multiplyDecimals('abc', '1', 2)).toBeNull();
    expect(multiplyDecimals('-', '1', 2)).toBeNull();
    expect(multiplyDecimals(Number.NaN, 1, 2)).toBeNull();
    expect(multiplyDecimals(Number.POSITIVE_INFINITY, 1, 2)).toBeNull();
  });
});

describe('toFixedDecimal', () => {
  it('rounds and pads to the scale', () => {
    expect(toFixedDecimal('0.123455', 5)).toBe('0.12346');
    expect(toFixedDecimal(2, 3)).toBe('2.000');
    expect(toFixedDecimal('9.99999', 2)).toBe('10.00');
    expect(toFixedDecimal('x', 2)).toBeNull();
  });
});

describe('totalInUsdt', () => {
  it('is price × amount to 6 decimals', () => {
    expect(totalInUsdt('43250.12', '0.00123')).toBe('53.197648');
    expect(totalInUsdt(0.0000001, 3)).toBe('0.000000');
    expect(totalInUsdt(65000, '0.5')).toBe('32500.000000');
  });

  it('is zero when either side is missing', () => {
    expect(totalInUsdt('', '1')).toBe('0.000000');
  });
});

describe('percentOfRate and rateOfPercent', () => {
  it('move a fee rate to a percentage and back digit for digit', () => {
    expect(percentOfRate('0.001')).toBe('0.1');
    expect(percentOfRate('0.00125')).toBe('0.125');
    expect(percentOfRate('0.000001')).toBe('0.0001');
    expect(percentOfRate('0')).toBe('0');
    expect(rateOfPercent('0.25')).toBe('0.0025');
    expect(rateOfPercent('1')).toBe('0.01');
    expect(rateOfPercent('0.0001')).toBe('0.000001');
  });

  it('keep the digits beyond what the server takes, so its refusal says so instead of a silent rounding', () => {
    expect(rateOfPercent('0.00001')).toBe('0.0000001');
    expect(rateOfPercent('x')).toBeNull();
  });
});
