import type { ChartResolution } from '@exchange/contract';

/** One OHLCV candle; `time` is the bucket start in unix seconds (UTC). */
export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One executed trade from the `trades` channel. */
export interface Trade {
  price: number;
  size: number;
  /** Unix milliseconds. */
  ts: number;
}

/** UDF resolutions the chart offers: minutes as digits, a day as 1D, a week as 1W. */
export type Resolution = ChartResolution;

const DAY = 86_400;
/** Weeks start on Monday 00:00 UTC, as the server's do; the epoch was a Thursday, four days after a Monday. */
const WEEK_OFFSET = 4 * DAY;

export function resolutionSeconds(resolution: Resolution): number {
  if (resolution === '1D') return DAY;
  if (resolution === '1W') return 7 * DAY;
  return Number(resolution) * 60;
}

/** Start of the bucket holding `unixSeconds`: aligned to the UTC epoch, so days start at 00:00 UTC; weeks on Monday. */
export function bucketStart(unixSeconds: number, resolution: Resolution): number {
  const size = resolutionSeconds(resolution);
  const offset = resolution === '1W' ? WEEK_OFFSET : 0;
  return Math.floor((unixSeconds - offset) / size) * size + offset;
}

/**
 * The bar after applying `trade` to the current last bar: the same bar grown when the trade
 * falls in its bucket, a new bar opening at the trade price when it starts a later bucket,
 * and null for a trade older than the last bar (a late message is dropped, never rewrites history).
 */
export function applyTrade(last: Bar | undefined, trade: Trade, resolution: Resolution): Bar | null {
  const time = bucketStart(Math.floor(trade.ts / 1000), resolution);
  if (!last || time > last.time) {
    return { time, open: trade.price, high: trade.price, low: trade.price, close: trade.price, volume: trade.size };
  }
  if (time < last.time) return null;
  return {
    time,
    open: last.open,
    high: Math.max(last.high, trade.price),
    low: Math.min(last.low, trade.price),
    close: trade.price,
    volume: last.volume + trade.size,
  };
}

/** Applies trades in order to a bar list, replacing the last bar or appending new ones; returns a new array. */
export function applyTrades(bars: readonly Bar[], trades: readonly Trade[], resolution: Resolution): Bar[] {
  const next = [...bars];
  for (const trade of trades) {
    const last = next[next.length - 1];
    const bar = applyTrade(last, trade, resolution);
    if (!bar) continue;
    if (last && last.time === bar.time) next[next.length - 1] = bar;
    else next.push(bar);
  }
  return next;
}

function num(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  return Number.isFinite(n) ? n : Number.NaN;
}

/** Reads a `trades` push item ({px, sz, ts}); null when price or time is missing. */
export function parseTrade(item: Record<string, unknown>): Trade | null {
  const price = num(item.px);
  const ts = num(item.ts);
  const size = num(item.sz);
  if (!(price > 0) || !(ts > 0)) return null;
  return { price, ts, size: size > 0 ? size : 0 };
}
