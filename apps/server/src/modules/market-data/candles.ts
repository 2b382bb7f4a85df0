import type { Candle, Trade } from './candle-math.js';
import { RESOLUTIONS, bucketStart, type Resolution } from './resolutions.js';
import { udfHistory, type UdfHistory } from './udf-history.js';

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
  '1W': 520,
};

/**
 * One resolution's bars as equally long columns sorted by time. Every value must be the double a
 * decimal string parses to (Number("43000.10")), so bars print back exactly as that string.
 */
export interface NumericBars {
  time: Float64Array;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
  quoteVolume: Float64Array;
}

/** Decimals seeded prices, base volumes and quote volumes print with. */
export interface SeedDecimals {
  price: number;
  volume: number;
  quote: number;
}

/** History to seed a symbol with: numbers, never decimal strings, so loading it allocates no strings. */
export interface NumericSeries {
  decimals: SeedDecimals;
  bars: Partial<Record<Resolution, NumericBars>>;
}

/** Every resolution's bars, as numbers that print back as exact grid prices and lots. */
export interface CandleHistory extends NumericSeries {
  bars: Record<Resolution, NumericBars>;
}

/** Digits after the point of a plain decimal string ("43000.10" → 2). */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/**
 * A double as a plain decimal string with at most `decimals` digits and no trailing zeros, like
 * Decimal#toFixed() prints a sum. Digits past the 15th significant one are float noise, so they
 * are rounded away as well.
 */
export function formatAmount(value: number, decimals: number): string {
  const whole = Math.abs(value) >= 1 ? Math.floor(Math.log10(Math.abs(value))) + 1 : 0;
  const text = value.toFixed(Math.max(0, Math.min(decimals, 15 - whole)));
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * Print widths of one symbol: every price is printed with its tick's decimals, as it came in.
 * Seeded bars that no trade has touched print their volumes as padded as they were given
 * (`seedVolume`, `seedQuote`); bars a trade made or changed print them like Decimal sums.
 */
interface Widths {
  price: number;
  volume: number;
  quote: number;
  seedVolume: number;
  seedQuote: number;
}

const [TIME, OPEN, HIGH, LOW, CLOSE, VOLUME, QUOTE] = [0, 1, 2, 3, 4, 5, 6] as const;
const FIELDS = 7;

/**
 * One resolution's bars as columns of doubles (time, open, high, low, close, volume, quote volume)
 * instead of objects of decimal strings: about a quarter of the memory for the generated history.
 * Capacity grows on demand up to the bar cap; past the cap the oldest bar is shifted out.
 */
class BarColumns {
  length = 0;
  private data: Float64Array[];
  /** 1 while a bar is exactly as seeded (see Widths). */
  private seeded: Uint8Array;

  constructor(private readonly maxBars: number) {
    this.data = Array.from({ length: FIELDS }, () => new Float64Array(0));
    this.seeded = new Uint8Array(0);
  }

  /** Columns of seeded bars: the given arrays themselves (no copy) unless some bars are past the cap. */
  static fromSeed(maxBars: number, bars: NumericBars): BarColumns {
    const from = Math.max(0, bars.time.length - maxBars);
    const fields = [bars.time, bars.open, bars.high, bars.low, bars.close, bars.volume, bars.quoteVolume];
    const cols = new BarColumns(maxBars);
    cols.data = fields.map((col) => (from === 0 ? col : col.slice(from)));
    cols.length = bars.time.length - from;
    cols.seeded = new Uint8Array(cols.length).fill(1);
    return cols;
  }

  isSeeded(i: number): boolean {
    return this.seeded[i] === 1;
  }

  time(i: number): number {
    return (this.data[0] as Float64Array)[i] as number;
  }

  get(i: number, field: number): number {
    return (this.data[field] as Float64Array)[i] as number;
  }

  set(i: number, field: number, value: number): void {
    (this.data[field] as Float64Array)[i] = value;
    this.seeded[i] = 0;
  }

  /** Index of the first bar with time ≥ ms. */
  lowerBound(ms: number): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.time(mid) < ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Opens a bar at index i (shifting later bars up), dropping the oldest bar when full. */
  insert(i: number, values: readonly number[]): void {
    let at = i;
    if (this.length === this.maxBars) {
      for (const col of this.data) col.copyWithin(0, 1, this.length);
      this.seeded.copyWithin(0, 1, this.length);
      this.length--;
      at--;
    } else if (this.length === (this.data[0] as Float64Array).length) {
      this.grow();
    }
    for (let f = 0; f < FIELDS; f++) {
      const col = this.data[f] as Float64Array;
      col.copyWithin(at + 1, at, this.length);
      col[at] = values[f] as number;
    }
    this.seeded.copyWithin(at + 1, at, this.length);
    this.seeded[at] = 0;
    this.length++;
  }

  private grow(): void {
    const size = this.data[0]?.length ?? 0;
    const next = Math.min(this.maxBars, Math.max(64, size + (size >> 2)));
    this.data = this.data.map((col) => {
      const wider = new Float64Array(next);
      wider.set(col);
      return wider;
    });
    const seeded = new Uint8Array(next);
    seeded.set(this.seeded);
    this.seeded = seeded;
  }
}

interface SymbolBars {
  widths: Widths;
  series: Record<Resolution, BarColumns>;
}

/**
 * Live candles of every symbol at every resolution, built trade by trade. Memory is bounded: the
 * oldest bars fall off past `maxBars`. Buckets without trades have no bar (UDF charts skip them).
 * Bars are kept as numbers and become decimal strings only when read, printed with the decimals
 * the prices and volumes came in with.
 */
export class CandleAggregator {
  private readonly symbols = new Map<string, SymbolBars>();
  private readonly maxBars: Record<Resolution, number>;

  constructor(maxBars: Partial<Record<Resolution, number>> = {}) {
    this.maxBars = { ...DEFAULT_MAX_BARS, ...maxBars };
  }

  /** Replaces a symbol's bars with stored or generated history. */
  seed(symbol: string, history: NumericSeries): void {
    const bars = this.barsOf(symbol);
    for (const res of RESOLUTIONS) {
      const list = history.bars[res];
      if (!list) continue;
      const cols = BarColumns.fromSeed(this.maxBars[res], list);
      if (cols.length > 0) {
        bars.widths.price = Math.max(bars.widths.price, history.decimals.price);
        bars.widths.seedVolume = Math.max(bars.widths.seedVolume, history.decimals.volume);
        bars.widths.seedQuote = Math.max(bars.widths.seedQuote, history.decimals.quote);
      }
      bars.series[res] = cols;
    }
  }

  /**
   * Applies one trade to every resolution. Bars are printed as decimal strings only when read
   * (`candles`, `latest`): a busy market trades far more often than anyone reads its bars.
   */
  apply(symbol: string, trade: Trade): void {
    const bars = this.barsOf(symbol);
    const priceDecimals = decimalsOf(trade.price);
    const qtyDecimals = decimalsOf(trade.qty);
    bars.widths.price = Math.max(bars.widths.price, priceDecimals);
    bars.widths.volume = Math.max(bars.widths.volume, qtyDecimals);
    bars.widths.quote = Math.max(bars.widths.quote, priceDecimals + qtyDecimals);
    for (const res of RESOLUTIONS) this.applyTo(bars.series[res], res, trade);
  }

  candles(symbol: string, resolution: Resolution): readonly Candle[] {
    const bars = this.symbols.get(symbol.toUpperCase());
    return bars ? toCandles(bars, resolution, 0, bars.series[resolution].length) : [];
  }

  /** The newest `count` bars (fewer when fewer are kept), oldest first. */
  recent(symbol: string, resolution: Resolution, count: number): readonly Candle[] {
    const bars = this.symbols.get(symbol.toUpperCase());
    if (!bars) return [];
    const length = bars.series[resolution].length;
    return toCandles(bars, resolution, Math.max(0, length - count), length);
  }

  latest(symbol: string, resolution: Resolution): Candle | undefined {
    const bars = this.symbols.get(symbol.toUpperCase());
    const cols = bars?.series[resolution];
    return bars && cols && cols.length > 0 ? toCandle(cols, cols.length - 1, bars.widths) : undefined;
  }

  /**
   * Only the bars the answer can touch become Candles: the requested range plus the one before
   * it, which is what a no_data answer names as nextTime, so udfHistory sees the same answer it
   * would over the whole series.
   */
  history(symbol: string, resolution: Resolution, fromSec: number, toSec: number, countback?: number): UdfHistory {
    const bars = this.symbols.get(symbol.toUpperCase());
    if (!bars) return udfHistory([], fromSec, toSec, countback);
    const cols = bars.series[resolution];
    const end = cols.lowerBound(toSec * 1000);
    const start = countback !== undefined && countback > 0 ? Math.max(0, end - countback) : cols.lowerBound(fromSec * 1000);
    const first = Math.max(0, Math.min(start, end) - 1);
    return udfHistory(toCandles(bars, resolution, first, end), fromSec, toSec, countback);
  }

  private barsOf(symbol: string): SymbolBars {
    const key = symbol.toUpperCase();
    let bars = this.symbols.get(key);
    if (!bars) {
      const m = this.maxBars;
      bars = {
        widths: { price: 0, volume: 0, quote: 0, seedVolume: 0, seedQuote: 0 },
        series: {
          '1m': new BarColumns(m['1m']),
          '5m': new BarColumns(m['5m']),
          '15m': new BarColumns(m['15m']),
          '1h': new BarColumns(m['1h']),
          '4h': new BarColumns(m['4h']),
          '1D': new BarColumns(m['1D']),
          '1W': new BarColumns(m['1W']),
        },
      };
      this.symbols.set(key, bars);
    }
    return bars;
  }

  /** Folds the trade into its bar, opening it if need be; a trade older than everything kept is dropped. */
  private applyTo(cols: BarColumns, res: Resolution, trade: Trade): void {
    const time = bucketStart(trade.ts, res);
    const price = Number(trade.price);
    const qty = Number(trade.qty);
    const fresh = [time, price, price, price, price, qty, price * qty];
    if (cols.length === 0 || time > cols.time(cols.length - 1)) {
      cols.insert(cols.length, fresh);
      return;
    }
    // A late trade (not expected from an in-order feed): fold it into its bar as that bar's latest
    // trade, or open the bar if its bucket is still within the kept range.
    const i = cols.lowerBound(time);
    if (i < cols.length && cols.time(i) === time) {
      cols.set(i, HIGH, Math.max(cols.get(i, HIGH), price));
      cols.set(i, LOW, Math.min(cols.get(i, LOW), price));
      cols.set(i, CLOSE, price);
      cols.set(i, VOLUME, cols.get(i, VOLUME) + qty);
      cols.set(i, QUOTE, cols.get(i, QUOTE) + price * qty);
      return;
    }
    if (i === 0 && cols.length >= this.maxBars[res]) return;
    cols.insert(i, fresh);
  }
}

function toCandle(cols: BarColumns, i: number, widths: Widths): Candle {
  const volume = cols.get(i, VOLUME);
  const quote = cols.get(i, QUOTE);
  const seeded = cols.isSeeded(i);
  return {
    time: cols.get(i, TIME),
    open: cols.get(i, OPEN).toFixed(widths.price),
    high: cols.get(i, HIGH).toFixed(widths.price),
    low: cols.get(i, LOW).toFixed(widths.price),
    close: cols.get(i, CLOSE).toFixed(widths.price),
    volume: seeded ? volume.toFixed(widths.seedVolume) : formatAmount(volume, Math.max(widths.volume, widths.seedVolume)),
    quoteVolume: seeded ? quote.toFixed(widths.seedQuote) : formatAmount(quote, Math.max(widths.quote, widths.seedQuote)),
  };
}

function toCandles(bars: SymbolBars, resolution: Resolution, from: number, to: number): Candle[] {
  const cols = bars.series[resolution];
  const out: Candle[] = [];
  for (let i = from; i < to; i++) out.push(toCandle(cols, i, bars.widths));
  return out;
}
