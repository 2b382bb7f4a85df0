import type { Candle } from './candle-math.js';

/** TradingView UDF `/history` answer. */
export type UdfHistory =
  | { s: 'ok'; t: number[]; o: number[]; h: number[]; l: number[]; c: number[]; v: number[] }
  | { s: 'no_data'; nextTime?: number };

/** Index of the first candle with time ≥ ms (candles sorted by time). */
export function lowerBound(candles: readonly Candle[], ms: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((candles[mid] as Candle).time < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * UDF semantics: bars with from ≤ t < to (seconds); with `countback`, the last `countback` bars
 * before `to` and `from` is ignored. An empty answer names the latest bar before the range
 * (`nextTime`) so the chart can jump over a gap instead of asking again and again.
 * Decimal strings become numbers only here, at the edge, because UDF carries JSON numbers.
 */
export function udfHistory(candles: readonly Candle[], fromSec: number, toSec: number, countback?: number): UdfHistory {
  const end = lowerBound(candles, toSec * 1000);
  const start = countback !== undefined && countback > 0 ? Math.max(0, end - countback) : lowerBound(candles, fromSec * 1000);
  if (start >= end) {
    const before = candles[Math.min(start, end) - 1];
    return before ? { s: 'no_data', nextTime: before.time / 1000 } : { s: 'no_data' };
  }
  const bars = candles.slice(start, end);
  return {
    s: 'ok',
    t: bars.map((b) => b.time / 1000),
    o: bars.map((b) => Number(b.open)),
    h: bars.map((b) => Number(b.high)),
    l: bars.map((b) => Number(b.low)),
    c: bars.map((b) => Number(b.close)),
    v: bars.map((b) => Number(b.volume)),
  };
}
