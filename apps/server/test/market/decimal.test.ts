import { describe, expect, it } from 'vitest';
import { isOnStep, roundToStep, stepDecimals, sumDecimals } from '../../src/shared/decimal.js';
import { TickGrid } from '../../src/shared/tick-grid.js';

describe('decimal helpers', () => {
  it('rounds to a step and prints the step decimals', () => {
    expect(stepDecimals('0.00001')).toBe(5);
    expect(stepDecimals('10')).toBe(0);
    expect(roundToStep('103500.005', '0.01')).toBe('103500.01');
    expect(roundToStep('0.2250049', '0.00001')).toBe('0.22500');
    expect(roundToStep('0.2', '0.5')).toBe('0.0');
    expect(isOnStep('1.25', '0.05')).toBe(true);
    expect(isOnStep('1.26', '0.05')).toBe(false);
  });

  it('sums decimal strings exactly', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['1', '2.50', '0.005'])).toBe('3.505');
    expect(sumDecimals(['-1.5', '1'])).toBe('-0.5');
    expect(sumDecimals(['123456789012345678.9', '0.1'])).toBe('123456789012345679');
    expect(sumDecimals([])).toBe('0');
  });
});

describe('tick grid', () => {
  it('turns floats into whole ticks, never below one, and ticks into exact strings', () => {
    const btc = new TickGrid('0.01');
    expect(btc.format(btc.ticksNear(103500.126))).toBe('103500.13');
    expect(btc.ticksOf('103500.13')).toBe(10350013);
    const shib = new TickGrid('0.00000001');
    expect(shib.format(shib.ticksNear(0.0000148))).toBe('0.00001480');
    expect(shib.format(shib.ticksNear(0))).toBe('0.00000001');
    const lot = new TickGrid('10');
    expect(lot.format(lot.ticksNear(1234))).toBe('1230');
    expect(new TickGrid('0.5').format(3)).toBe('1.5');
  });
});
