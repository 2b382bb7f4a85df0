import { describe, expect, it } from 'vitest';
import { expiryInstId, quarterlyExpiry, settlementPrice } from '../../src/modules/futures/expiry.js';

describe('quarterly delivery calendar', () => {
  it('expires on the last Friday of the quarter month at 08:00 UTC, strictly after the given time', () => {
    expect(new Date(quarterlyExpiry(Date.UTC(2026, 10, 24))).toISOString()).toBe('2026-12-25T08:00:00.000Z');
    expect(new Date(quarterlyExpiry(Date.UTC(2026, 11, 25, 8))).toISOString()).toBe('2027-03-26T08:00:00.000Z');
    expect(new Date(quarterlyExpiry(Date.UTC(2027, 2, 26, 7, 59))).toISOString()).toBe('2027-03-26T08:00:00.000Z');
    expect(new Date(quarterlyExpiry(Date.UTC(2025, 4, 1))).toISOString()).toBe('2025-06-27T08:00:00.000Z');
  });

  it('names the contract as OKX does', () => {
    expect(expiryInstId('btc', Date.UTC(2026, 11, 25, 8))).toBe('BTC-USDT-261225');
  });

  it('settles at the average index of the last 30 minutes', () => {
    const expiry = Date.UTC(2026, 11, 25, 8);
    const samples = [
      { ms: expiry - 40 * 60_000, price: 1 },
      { ms: expiry - 20 * 60_000, price: 100 },
      { ms: expiry - 10 * 60_000, price: 110 },
      { ms: expiry, price: 120 },
      { ms: expiry + 1, price: 999 },
    ];
    expect(settlementPrice(samples, expiry, 5)).toBe(110);
    expect(settlementPrice([], expiry, 5)).toBe(5);
  });
});
