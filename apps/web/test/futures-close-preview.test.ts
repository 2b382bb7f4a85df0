import { describe, expect, it } from 'vitest';
import { closeAmountOf, closePreview } from '../src/features/futures/orders/closePreview';

describe('closePreview (the close dialog’s fee and expected result)', () => {
  it('realises a long’s profit on the part closed at the average entry, the 0.05 % fee apart', () => {
    const p = closePreview({ side: 'long', size: '0.004', entryPrice: 60_000, margin: 12, amount: '0.002', price: 61_000 });
    expect(p?.notional).toBeCloseTo(122, 10);
    expect(p?.pnl).toBeCloseTo(2, 10);
    expect(p?.fee).toBeCloseTo(0.061, 10);
    expect(p?.result).toBeCloseTo(1.939, 10);
    // Half the margin comes back with the result.
    expect(p?.returned).toBeCloseTo(7.939, 10);
    expect(p?.returnPercent).toBeCloseTo(32.3166667, 5);
  });

  it('turns the sign for a short and shows a loss with its fee (the issue’s −18.27 USDT case)', () => {
    const p = closePreview({ side: 'short', size: '0.1', entryPrice: 103_389.07, margin: 517, amount: '0.1', price: 103_468.3 });
    expect(p?.pnl).toBeCloseTo(-7.923, 6);
    expect(p?.fee).toBeCloseTo(5.17341500, 8);
    expect(p?.result).toBeCloseTo(-13.096415, 6);
  });

  it('rounds the fee up to 8 places as the server books it', () => {
    expect(closePreview({ side: 'long', size: '1', entryPrice: 1, margin: 1, amount: '0.001', price: 0.33333333 })?.fee).toBe(0.00000017);
  });

  it('refuses more than is open, nothing, and an unknown price', () => {
    const base = { side: 'long' as const, size: '0.004', entryPrice: 60_000, margin: 12, price: 61_000 };
    expect(closePreview({ ...base, amount: '0.005' })).toBeNull();
    expect(closePreview({ ...base, amount: '0' })).toBeNull();
    expect(closePreview({ ...base, amount: '0.004', price: 0 })).toBeNull();
    expect(closePreview({ ...base, amount: '0.004' })).not.toBeNull();
  });

  it('takes a percentage of the size on the lot grid, rounding down, all of it at 100 %', () => {
    expect(closeAmountOf('0.007', 50, '0.001')).toBe('0.003');
    expect(closeAmountOf('0.004', 25, '0.001')).toBe('0.001');
    expect(closeAmountOf('0.003', 10, '0.001')).toBe('0.000');
    expect(closeAmountOf('0.007', 100, '0.001')).toBe('0.007');
    expect(closeAmountOf('30', 75, '1')).toBe('22');
  });
});
