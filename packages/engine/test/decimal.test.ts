import { describe, expect, it } from 'vitest';
import { lotsToQty, notionalToQuote, priceToTicks, qtyToLots, quoteToNotional, ticksToPrice } from '../src/index.js';

describe('decimal edge conversions', () => {
  it('converts prices to ticks and back exactly', () => {
    expect(priceToTicks('100.25', '0.05')).toBe(2005);
    expect(priceToTicks('0.3', '0.1')).toBe(3);
    expect(priceToTicks('65000', '0.01')).toBe(6_500_000);
    expect(priceToTicks('1.10000', '0.1')).toBe(11);
    expect(ticksToPrice(2005, '0.05')).toBe('100.25');
    expect(ticksToPrice(3, '0.1')).toBe('0.3');
    expect(ticksToPrice(7, '0.00001')).toBe('0.00007');
    expect(ticksToPrice(12, '5')).toBe('60');
  });

  it('refuses a price off the tick grid unless asked to round', () => {
    expect(() => priceToTicks('100.26', '0.05')).toThrow(RangeError);
    expect(priceToTicks('100.26', '0.05', 'floor')).toBe(2005);
    expect(priceToTicks('100.26', '0.05', 'ceil')).toBe(2006);
  });

  it('converts quantities to lots and back', () => {
    expect(qtyToLots('0.00123', '0.00001')).toBe(123);
    expect(lotsToQty(123, '0.00001')).toBe('0.00123');
    expect(lotsToQty(100_000, '0.00001')).toBe('1.00000');
  });

  it('turns a quote budget into notional units, never exceeding it', () => {
    // tick 0.01 × lot 0.001 = 0.00001 USDT per unit
    expect(quoteToNotional('250.5', '0.01', '0.001')).toBe(25_050_000);
    expect(quoteToNotional('0.000019', '0.01', '0.001')).toBe(1);
    expect(notionalToQuote(25_050_000, '0.01', '0.001')).toBe('250.50000');
  });

  it('rejects malformed input and values beyond safe integers', () => {
    expect(() => priceToTicks('1e3', '1')).toThrow(RangeError);
    expect(() => priceToTicks('-1', '1')).toThrow(RangeError);
    expect(() => priceToTicks('1', '0')).toThrow(RangeError);
    expect(() => qtyToLots('100000000000', '0.00001')).toThrow(RangeError);
    expect(() => ticksToPrice(1.5, '0.1')).toThrow(RangeError);
  });
});
