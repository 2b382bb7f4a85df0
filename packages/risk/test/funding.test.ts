import { describe, expect, it } from 'vitest';
import {
  FUNDING_CAP,
  FUNDING_CAP_EARLY,
  FUNDING_INTERVAL_MS,
  PremiumTwap,
  fundingCap,
  fundingPayment,
  fundingRate,
  impactPrice,
  nextFundingTime,
  premiumIndex,
} from '../src/index.js';

const H = 60 * 60 * 1000;

describe('funding rate', () => {
  it('is the interest 0.005% when the premium is 0 or close to it', () => {
    expect(fundingRate(0, FUNDING_CAP)).toBeCloseTo(0.00005, 12);
    expect(fundingRate(0.0003, FUNDING_CAP)).toBeCloseTo(0.00005, 12);
    expect(fundingRate(-0.0004, FUNDING_CAP)).toBeCloseTo(0.00005, 12);
  });

  it('follows the premium once I − P leaves ±0.05%', () => {
    expect(fundingRate(0.001, FUNDING_CAP)).toBeCloseTo(0.0005, 12);
    expect(fundingRate(-0.001, FUNDING_CAP)).toBeCloseTo(-0.0005, 12);
    expect(fundingRate(0.004, FUNDING_CAP)).toBeCloseTo(0.0035, 12);
  });

  it('caps |F| at 1.5%, and at 0.5% while the contract is early', () => {
    expect(fundingRate(0.03, FUNDING_CAP)).toBe(0.015);
    expect(fundingRate(-0.03, FUNDING_CAP)).toBe(-0.015);
    expect(fundingRate(0.03, FUNDING_CAP_EARLY)).toBe(0.005);
    expect(fundingRate(-0.03, FUNDING_CAP_EARLY)).toBe(-0.005);
    expect(fundingRate(0.004, FUNDING_CAP_EARLY)).toBeCloseTo(0.0035, 12);
  });

  it('calls a contract early for its first 3 intervals, 12 h after listing', () => {
    const listed = Date.UTC(2026, 10, 20, 9, 30);
    expect(fundingCap(listed, listed)).toBe(FUNDING_CAP_EARLY);
    expect(fundingCap(listed, listed + 12 * H - 1)).toBe(FUNDING_CAP_EARLY);
    expect(fundingCap(listed, listed + 12 * H)).toBe(FUNDING_CAP);
    expect(fundingCap(listed, listed + 100 * H)).toBe(FUNDING_CAP);
  });
});

describe('funding payment', () => {
  it('makes longs pay shorts when the rate is positive and the reverse when negative', () => {
    expect(fundingPayment('long', 2, 60_000, 0.0001)).toBeCloseTo(12, 9);
    expect(fundingPayment('short', 2, 60_000, 0.0001)).toBeCloseTo(-12, 9);
    expect(fundingPayment('long', 2, 60_000, -0.0001)).toBeCloseTo(-12, 9);
    expect(fundingPayment('short', 2, 60_000, -0.0001)).toBeCloseTo(12, 9);
    expect(fundingPayment('long', 3, 60_000, 0.0002) + fundingPayment('short', 3, 60_000, 0.0002)).toBe(0);
  });
});

describe('next funding time', () => {
  it('is the next 4-hour UTC boundary strictly after now', () => {
    expect(FUNDING_INTERVAL_MS).toBe(4 * H);
    expect(nextFundingTime(0)).toBe(4 * H);
    expect(nextFundingTime(4 * H - 1)).toBe(4 * H);
    expect(nextFundingTime(Date.UTC(2026, 10, 24, 4, 0))).toBe(Date.UTC(2026, 10, 24, 8, 0));
    expect(nextFundingTime(Date.UTC(2026, 10, 24, 4, 0, 0, 1))).toBe(Date.UTC(2026, 10, 24, 8, 0));
    expect(nextFundingTime(Date.UTC(2026, 10, 24, 23, 59, 59))).toBe(Date.UTC(2026, 10, 25, 0, 0));
    expect(nextFundingTime(Date.UTC(2026, 11, 31, 20, 0))).toBe(Date.UTC(2027, 0, 1, 0, 0));
  });
});

describe('impact price and premium index', () => {
  const asks: [number, number][] = [
    [100, 1],
    [101, 1],
    [105, 10],
  ];

  it('averages the fill of the impact notional over the levels it walks', () => {
    // 100 USDT at 100 (1 coin) and 50 at 101 (0.49505 coin): 150 / 1.49505.
    expect(impactPrice(asks, 150)).toBeCloseTo(150 / (1 + 50 / 101), 9);
    expect(impactPrice(asks, 100)).toBe(100);
    expect(impactPrice(asks, 50)).toBe(100);
  });

  it('is null on a book too thin for the notional', () => {
    expect(impactPrice(asks, 100 + 101 + 1050 + 1)).toBeNull();
    expect(impactPrice([], 10)).toBeNull();
    expect(impactPrice(asks, 100 + 101 + 1050)).toBeCloseTo(1251 / 12, 9);
  });

  it('is positive when bids are rich, negative when asks are cheap, 0 inside the spread', () => {
    expect(premiumIndex(101, 102, 100)).toBeCloseTo(0.01, 12);
    expect(premiumIndex(98, 99, 100)).toBeCloseTo(-0.01, 12);
    expect(premiumIndex(99, 101, 100)).toBe(0);
    expect(premiumIndex(null, 99, 100)).toBeCloseTo(-0.01, 12);
    expect(premiumIndex(101, null, 100)).toBeCloseTo(0.01, 12);
    expect(premiumIndex(null, null, 100)).toBe(0);
  });
});

describe('premium TWAP', () => {
  it('weights each sample by how long it held', () => {
    const twap = new PremiumTwap();
    twap.add(0.001, 0);
    twap.add(0.003, 3 * H);
    expect(twap.close(4 * H)).toBeCloseTo((0.001 * 3 + 0.003 * 1) / 4, 12);
  });

  it('does not let a burst of samples outweigh the time around it', () => {
    const twap = new PremiumTwap();
    twap.add(0, 0);
    for (let s = 0; s < 60; s++) twap.add(0.01, 2 * H + s * 1000);
    twap.add(0, 2 * H + 60_000);
    // 0.01 held for one minute of 240.
    expect(twap.close(4 * H)).toBeCloseTo(0.01 / 240, 12);
  });

  it('predicts without closing, and carries the last premium into the next interval', () => {
    const twap = new PremiumTwap();
    expect(twap.average(H)).toBe(0);
    twap.add(0.002, 0);
    expect(twap.average(0)).toBe(0.002);
    twap.add(0, H);
    expect(twap.average(2 * H)).toBeCloseTo(0.001, 12);
    expect(twap.close(4 * H)).toBeCloseTo(0.0005, 12);
    twap.add(0.004, 6 * H);
    expect(twap.close(8 * H)).toBeCloseTo(0.002, 12);
    twap.reset();
    expect(twap.average(9 * H)).toBe(0);
  });

  it('refuses a sample older than the last', () => {
    const twap = new PremiumTwap();
    twap.add(0.001, H);
    expect(() => twap.add(0.001, H - 1)).toThrow(RangeError);
  });
});
