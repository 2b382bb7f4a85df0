import { applyTrade, candleFromTrade, type Candle, type Trade } from './candle-math.js';
import { RESOLUTIONS, bucketStart, type Resolution } from './resolutions.js';
import { lowerBound, udfHistory, type UdfHistory } from './udf-history.js';

export type { Candle, Trade } from './candle-math.js';
export type { UdfHistory } from './udf-history.js';

/** Bars kept per resolution: a bit more than the seeded history, so nothing seeded is dropped at once. */
export const DEFAULT_MAX_BARS: Readonly<Record<Resolution, number>> = {
  '1m': 4320,
  '5m': 2016,
  '15m': 2000,
  '1h': 3600,
  '4h': 1000,
  '1D': 1000,
};

export type CandleSeries = Partial<Record<Resolution, readonly Candle[]>>;

/**
 * Live candles of every symbol at every resolution, built trade by trade. Memory is bounded: the
 * oldest bars fall off past `maxBars`. Buckets without trades have no bar (UDF charts skip them).
 */
export class CandleAggregator {
  private readonly series = new Map<string, Record<Resolution, Candle[]>>();
  private readonly maxBars: Record<Resolution, number>;

  constructor(maxBars: Partial<Record<Resolution, number>> = {}) {
    this.maxBars = { ...DEFAULT_MAX_BARS, ...maxBars };
  }

  /** Replaces a symbol's bars with stored or generated history (each list sorted by time). */
  seed(symbol: string, candles: CandleSeries): void {
    const all = this.seriesOf(symbol);
    for (const res of RESOLUTIONS) {
      const list = candles[res];
      if (list) all[res] = list.slice(-this.maxBars[res]);
    }
  }

  /** Applies one trade to every resolution and returns the bars it changed (for live pushes). */
  apply(symbol: string, trade: Trade): Partial<Record<Resolution, Candle>> {
    const all = this.seriesOf(symbol);
    const changed: Partial<Record<Resolution, Candle>> = {};
    for (const res of RESOLUTIONS) {
      const bar = this.applyTo(all[res], res, trade);
      if (bar) changed[res] = bar;
    }
    return changed;
  }

  candles(symbol: string, resolution: Resolution): readonly Candle[] {
    return this.series.get(symbol.toUpperCase())?.[resolution] ?? [];
  }

  latest(symbol: string, resolution: Resolution): Candle | undefined {
    return this.candles(symbol, resolution).at(-1);
  }

  history(symbol: string, resolution: Resolution, fromSec: number, toSec: number, countback?: number): UdfHistory {
    return udfHistory(this.candles(symbol, resolution), fromSec, toSec, countback);
  }

  private seriesOf(symbol: string): Record<Resolution, Candle[]> {
    const key = symbol.toUpperCase();
    let all = this.series.get(key);
    if (!all) {
      all = { '1m': [], '5m': [], '15m': [], '1h': [], '4h': [], '1D': [] };
      this.series.set(key, all);
    }
    return all;
  }

  private applyTo(list: Candle[], res: Resolution, trade: Trade): Candle | undefined {
    const time = bucketStart(trade.ts, res);
    const last = list[list.length - 1];
    if (!last || time > last.time) {
      const bar = candleFromTrade(trade, res);
      list.push(bar);
      if (list.length > this.maxBars[res]) list.splice(0, list.length - this.maxBars[res]);
      return bar;
    }
    // A late trade (not expected from an in-order feed): fold it into its bar as that bar's latest
    // trade, or open the bar if its bucket is still within the kept range.
    const i = lowerBound(list, time);
    const existing = list[i];
    if (existing && existing.time === time) {
      const bar = applyTrade(existing, trade);
      list[i] = bar;
      return bar;
    }
    if (i === 0 && list.length >= this.maxBars[res]) return undefined;
    const bar = candleFromTrade(trade, res);
    list.splice(i, 0, bar);
    return bar;
  }
}
