import { describe, expect, it } from 'vitest';
import type { Candle } from '../../src/modules/market-data/candle-math.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/shared/time.js';
import { TickerStats } from '../../src/modules/market-data/ticker-stats.js';
import { numericBars } from './numeric-bars.js';

const T0 = Date.UTC(2025, 4, 15, 10, 0, 0);

describe('24 h ticker statistics', () => {
  it('computes open, high, low, last, volumes and change from trades', () => {
    const stats = new TickerStats();
    stats.applyTrade('BTC', { price: '100.00', qty: '1', ts: T0 });
    stats.applyTrade('BTC', { price: '120.00', qty: '0.5', ts: T0 + HOUR_MS });
    stats.applyTrade('BTC', { price: '90.00', qty: '2', ts: T0 + 2 * HOUR_MS });
    stats.applyTrade('BTC', { price: '110.00', qty: '0.25', ts: T0 + 2 * HOUR_MS + 1 });
    expect(stats.stats('btc', T0 + 3 * HOUR_MS)).toEqual({
      symbol: 'BTC',
      last: '110.00',
      lastQty: '0.25',
      open24h: '100.00',
      high24h: '120.00',
      low24h: '90.00',
      volume24h: '3.75',
      quoteVolume24h: '367.5',
      change24h: '10',
      changePercent24h: '10.00',
      openUtc0: '100.00',
      ts: T0 + 3 * HOUR_MS,
    });
  });

  it('drops trades older than 24 h from the rolling window', () => {
    const stats = new TickerStats();
    stats.applyTrade('ETH', { price: '2000.00', qty: '1', ts: T0 });
    stats.applyTrade('ETH', { price: '2500.00', qty: '2', ts: T0 + 12 * HOUR_MS });
    const justInside = stats.stats('ETH', T0 + DAY_MS - 1);
    expect(justInside).toMatchObject({ open24h: '2000.00', low24h: '2000.00', volume24h: '3' });
    const after = stats.stats('ETH', T0 + DAY_MS + MINUTE_MS);
    expect(after).toMatchObject({
      open24h: '2500.00',
      high24h: '2500.00',
      low24h: '2500.00',
      last: '2500.00',
      volume24h: '2',
      quoteVolume24h: '5000',
      changePercent24h: '0.00',
    });
  });

  it('keeps the last price with zero volume when the window is empty', () => {
    const stats = new TickerStats();
    stats.applyTrade('SOL', { price: '170.00', qty: '1', ts: T0 });
    expect(stats.stats('SOL', T0 + 3 * DAY_MS)).toMatchObject({
      last: '170.00',
      open24h: '170.00',
      high24h: '170.00',
      low24h: '170.00',
      volume24h: '0',
      quoteVolume24h: '0',
      change24h: '0',
      changePercent24h: '0.00',
    });
    expect(stats.stats('NOPE', T0)).toBeUndefined();
  });

  it('seeds from 1m candles and continues with trades', () => {
    const stats = new TickerStats();
    const candles: Candle[] = [
      { time: T0 - 25 * HOUR_MS, open: '1.0', high: '5.0', low: '0.1', close: '1.0', volume: '100', quoteVolume: '100' },
      { time: T0 - 2 * HOUR_MS, open: '2.0', high: '2.2', low: '1.8', close: '2.1', volume: '10', quoteVolume: '20.5' },
      { time: T0 - HOUR_MS, open: '2.1', high: '2.5', low: '2.0', close: '2.4', volume: '5', quoteVolume: '11.5' },
    ];
    stats.seedBars('ADA', numericBars(candles), { price: 1, volume: 0, quote: 1 }, 0);
    stats.applyTrade('ADA', { price: '2.6', qty: '1', ts: T0 });
    expect(stats.stats('ADA', T0)).toMatchObject({
      open24h: '2.0',
      high24h: '2.6',
      low24h: '1.8',
      last: '2.6',
      lastQty: '1',
      volume24h: '16',
      quoteVolume24h: '34.6',
      change24h: '0.6',
      changePercent24h: '30.00',
    });
  });

  it('reports the first price after 00:00 UTC as openUtc0', () => {
    const stats = new TickerStats();
    const midnight = Date.UTC(2025, 4, 16);
    stats.applyTrade('XRP', { price: '2.4000', qty: '1', ts: midnight - HOUR_MS });
    expect(stats.stats('XRP', midnight + HOUR_MS)?.openUtc0).toBe('2.4000');
    stats.applyTrade('XRP', { price: '2.5000', qty: '1', ts: midnight + 2 * HOUR_MS });
    stats.applyTrade('XRP', { price: '2.6000', qty: '1', ts: midnight + 3 * HOUR_MS });
    expect(stats.stats('XRP', midnight + 4 * HOUR_MS)?.openUtc0).toBe('2.5000');
  });
});
