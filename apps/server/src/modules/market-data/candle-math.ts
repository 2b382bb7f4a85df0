import { Dec, sumDecimals } from '../../shared/decimal.js';
import { bucketStart, type Resolution } from './resolutions.js';

/** One OHLCV bar. Prices and volumes are decimal strings; `time` is the bucket start in ms (UTC). */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  /** Base-asset volume (what UDF `v` carries). */
  volume: string;
  quoteVolume: string;
}

export interface Trade {
  price: string;
  qty: string;
  ts: number;
}

/*
 * High/low choose between two exact decimal strings by comparing them as numbers: tick-rounded
 * prices have far fewer than 15 significant digits, so that comparison never misorders them, and
 * the kept value is still the original string.
 */
const max = (a: string, b: string): string => (Number(b) > Number(a) ? b : a);
const min = (a: string, b: string): string => (Number(b) < Number(a) ? b : a);

export function candleFromTrade(trade: Trade, resolution: Resolution): Candle {
  return {
    time: bucketStart(trade.ts, resolution),
    open: trade.price,
    high: trade.price,
    low: trade.price,
    close: trade.price,
    volume: new Dec(trade.qty).toFixed(),
    quoteVolume: new Dec(trade.qty).mul(trade.price).toFixed(),
  };
}

/** The bar after one more trade in its bucket; trades are taken in arrival order, so it becomes the close. */
export function applyTrade(candle: Candle, trade: Trade): Candle {
  return {
    time: candle.time,
    open: candle.open,
    high: max(candle.high, trade.price),
    low: min(candle.low, trade.price),
    close: trade.price,
    volume: new Dec(candle.volume).add(trade.qty).toFixed(),
    quoteVolume: new Dec(candle.quoteVolume).add(new Dec(trade.qty).mul(trade.price)).toFixed(),
  };
}

/**
 * Groups finer candles (sorted by time) into `target` buckets: open of the first, close of the
 * last, extreme high/low, summed volumes. The source resolution must divide the target.
 */
export function deriveCandles(candles: readonly Candle[], target: Resolution): Candle[] {
  const out: Candle[] = [];
  let group: Candle[] = [];
  const flush = (): void => {
    const first = group[0];
    const last = group[group.length - 1];
    if (!first || !last) return;
    let high = first.high;
    let low = first.low;
    for (const c of group) {
      high = max(high, c.high);
      low = min(low, c.low);
    }
    out.push({
      time: bucketStart(first.time, target),
      open: first.open,
      high,
      low,
      close: last.close,
      volume: sumDecimals(group.map((c) => c.volume)),
      quoteVolume: sumDecimals(group.map((c) => c.quoteVolume)),
    });
    group = [];
  };
  for (const c of candles) {
    const first = group[0];
    if (first && bucketStart(first.time, target) !== bucketStart(c.time, target)) flush();
    group.push(c);
  }
  flush();
  return out;
}
