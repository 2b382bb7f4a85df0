import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPositiveAmount, parsePositiveAmount } from '../../src/ledger/amounts.js';
import { Dec } from '../../src/shared/decimal.js';

describe('isPositiveAmount', () => {
  it.each([
    ['0', false],
    ['-1', false],
    ['0.000000000000000001', true],
    ['0.0000000000000000001', false],
    ['999999999999999999.999999999999999999', true],
    ['1000000000000000000', false],
    ['NaN', false],
    ['Infinity', false],
  ])('answers %s as parsePositiveAmount of its text does (%s)', (text, expected) => {
    const value = new Dec(text);
    expect(isPositiveAmount(value)).toBe(expected);
    expect(parsePositiveAmount(value.toFixed()) !== null).toBe(expected);
  });

  it('agrees with parsePositiveAmount(value.toFixed()) on any decimal, the check it replaces in placeHold', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: -(10n ** 38n), max: 10n ** 38n }), fc.integer({ min: 0, max: 24 }))
      .map(([units, scale]) => new Dec(units.toString()).div(new Dec(10).pow(scale)));
    fc.assert(fc.property(decimal, (value) => isPositiveAmount(value) === (parsePositiveAmount(value.toFixed()) !== null)), { numRuns: 500 });
  });
});
