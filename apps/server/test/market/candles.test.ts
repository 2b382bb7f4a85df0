import { describe, expect, it } from 'vitest';
import { deriveCandles, type Candle, type Trade } from '../../src/modules/market-data/candle-math.js';
import { CandleAggregator } from '../../src/modules/market-data/candles.js';
import { bucketStart, parseResolution, RESOLUTIONS } from '../../src/modules/market-data/resolutions.js';
import { numericBars } from './numeric-bars.js';

const T0 = Date.UTC(2025, 4, 15, 10, 0, 0);
const sec = (ms: number): number => ms / 1000;
const MIN = 60_000;

const trades: Trade[] = [
  { price: '100.00', qty: '1', ts: T0 + 5_000 },
  { price: '101.50', qty: '0.5', ts: T0 + 30_000 },
  { price: '99.25', qty: '2', ts: T0 + MIN - 1 },
  { price: '100.10', qty: '1', ts: T0 + MIN },
  { price: '100.20', qty: '0.1', ts: T0 + 5 * MIN - 1_000 },
  { price: '100.30', qty: '1', ts: T0 + 5 * MIN },
];

function filled(maxBars?: ConstructorParameters<typeof CandleAggregator>[0]): CandleAggregator {
  const agg = new CandleAggregator(maxBars);
  for (const t of trades) agg.apply('BTC', t);
  return agg;
}

describe('resolutions', () => {
  it('aligns buckets to UTC boundaries', () => {
    const ts = Date.UTC(2025, 4, 15, 10, 47, 31, 500);
    expect(bucketStart(ts, '1m')).toBe(Date.UTC(2025, 4, 15, 10, 47));
    expect(bucketStart(ts, '5m')).toBe(Date.UTC(2025, 4, 15, 10, 45));
    expect(bucketStart(ts, '15m')).toBe(Date.UTC(2025, 4, 15, 10, 45));
    expect(bucketStart(ts, '1h')).toBe(Date.UTC(2025, 4, 15, 10));
    expect(bucketStart(ts, '4h')).toBe(Date.UTC(2025, 4, 15, 8));
    expect(bucketStart(ts, '1D')).toBe(Date.UTC(2025, 4, 15));
    // 15 May 2025 is a Thursday: its week began on Monday the 12th, and a Monday starts its own.
    expect(bucketStart(ts, '1W')).toBe(Date.UTC(2025, 4, 12));
    expect(bucketStart(Date.UTC(2025, 4, 19), '1W')).toBe(Date.UTC(2025, 4, 19));
    expect(bucketStart(Date.UTC(2025, 4, 18, 23, 59), '1W')).toBe(Date.UTC(2025, 4, 12));
  });

  it('parses UDF resolution strings', () => {
    expect(parseResolution('1')).toBe('1m');
    expect(parseResolution('60')).toBe('1h');
    expect(parseResolution('240')).toBe('4h');
    expect(parseResolution('D')).toBe('1D');
    expect(parseResolution('1D')).toBe('1D');
    expect(parseResolution('15m')).toBe('15m');
    expect(parseResolution('1W')).toBe('1W');
    expect(parseResolution('W')).toBe('1W');
    expect(parseResolution('1M')).toBeUndefined();
  });
});

describe('candle aggregator', () => {
  it('builds OHLCV from a hand-made trade list', () => {
    const agg = filled();
    expect(agg.candles('BTC', '1m')).toEqual<Candle[]>([
      { time: T0, open: '100.00', high: '101.50', low: '99.25', close: '99.25', volume: '3.5', quoteVolume: '349.25' },
      { time: T0 + MIN, open: '100.10', high: '100.10', low: '100.10', close: '100.10', volume: '1', quoteVolume: '100.1' },
      { time: T0 + 4 * MIN, open: '100.20', high: '100.20', low: '100.20', close: '100.20', volume: '0.1', quoteVolume: '10.02' },
      { time: T0 + 5 * MIN, open: '100.30', high: '100.30', low: '100.30', close: '100.30', volume: '1', quoteVolume: '100.3' },
    ]);
    expect(agg.candles('BTC', '5m')).toEqual<Candle[]>([
      { time: T0, open: '100.00', high: '101.50', low: '99.25', close: '100.20', volume: '4.6', quoteVolume: '459.37' },
      { time: T0 + 5 * MIN, open: '100.30', high: '100.30', low: '100.30', close: '100.30', volume: '1', quoteVolume: '100.3' },
    ]);
    expect(agg.latest('BTC', '1h')).toMatchObject({ time: T0, open: '100.00', close: '100.30', volume: '5.6' });
    expect(agg.latest('BTC', '4h')?.time).toBe(Date.UTC(2025, 4, 15, 8));
    expect(agg.latest('btc', '1D')?.time).toBe(Date.UTC(2025, 4, 15));
  });

  it("opens a bar at every resolution with a symbol's first trade", () => {
    const agg = new CandleAggregator();
    agg.apply('ETH', { price: '2600.00', qty: '0.5', ts: T0 });
    for (const res of RESOLUTIONS) expect(agg.candles('ETH', res)).toHaveLength(1);
    expect(agg.latest('ETH', '1m')).toMatchObject({ close: '2600.00', volume: '0.5', quoteVolume: '1300' });
  });

  it('derives higher resolutions from 1m candles exactly as live aggregation does', () => {
    const agg = filled();
    const oneMinute = agg.candles('BTC', '1m');
    for (const res of ['5m', '15m', '1h', '4h', '1D'] as const) {
      expect(deriveCandles(oneMinute, res)).toEqual(agg.candles('BTC', res));
    }
  });

  it('keeps a bounded number of bars per resolution', () => {
    const agg = filled({ '1m': 2 });
    expect(agg.candles('BTC', '1m').map((c) => c.time)).toEqual([T0 + 4 * MIN, T0 + 5 * MIN]);
    expect(agg.candles('BTC', '5m')).toHaveLength(2);
  });

  it('folds a late trade into its earlier bar', () => {
    const agg = filled();
    agg.apply('BTC', { price: '98.00', qty: '1', ts: T0 + 10_000 });
    expect(agg.candles('BTC', '1m')[0]).toMatchObject({ low: '98.00', volume: '4.5' });
    expect(agg.latest('BTC', '1m')?.close).toBe('100.30');
  });

  it('continues seeded history with live trades', () => {
    const agg = new CandleAggregator();
    const seeded: Candle = { time: T0, open: '1.0', high: '1.2', low: '0.9', close: '1.1', volume: '10', quoteVolume: '11' };
    agg.seed('ADA', { decimals: { price: 1, volume: 0, quote: 0 }, bars: { '1m': numericBars([seeded]) } });
    agg.apply('ADA', { price: '1.3', qty: '1', ts: T0 + 1_000 });
    expect(agg.candles('ADA', '1m')).toEqual([{ ...seeded, high: '1.3', close: '1.3', volume: '11', quoteVolume: '12.3' }]);
  });
});

describe('UDF history', () => {
  it('answers bars with from ≤ t < to as numbers', () => {
    const agg = filled();
    expect(agg.history('BTC', '1m', sec(T0), sec(T0 + 2 * MIN))).toEqual({
      s: 'ok',
      t: [sec(T0), sec(T0 + MIN)],
      o: [100, 100.1],
      h: [101.5, 100.1],
      l: [99.25, 100.1],
      c: [99.25, 100.1],
      v: [3.5, 1],
    });
    const exclusive = agg.history('BTC', '1m', sec(T0), sec(T0 + MIN));
    expect(exclusive.s === 'ok' && exclusive.t).toEqual([sec(T0)]);
  });

  it('takes the last countback bars before to and ignores from', () => {
    const agg = filled();
    const r = agg.history('BTC', '1m', sec(T0 + 10 * MIN), sec(T0 + 10 * MIN), 2);
    expect(r.s === 'ok' && r.t).toEqual([sec(T0 + 4 * MIN), sec(T0 + 5 * MIN)]);
    const all = agg.history('BTC', '1m', 0, sec(T0 + 10 * MIN), 100);
    expect(all.s === 'ok' && all.t.length).toBe(4);
  });

  it('answers no_data with nextTime of the latest earlier bar', () => {
    const agg = filled();
    expect(agg.history('BTC', '1m', sec(T0 + 60 * MIN), sec(T0 + 120 * MIN))).toEqual({
      s: 'no_data',
      nextTime: sec(T0 + 5 * MIN),
    });
    expect(agg.history('BTC', '1m', sec(T0 - 120 * MIN), sec(T0 - 60 * MIN))).toEqual({ s: 'no_data' });
    expect(agg.history('NOPE', '1D', 0, sec(T0))).toEqual({ s: 'no_data' });
  });
});
