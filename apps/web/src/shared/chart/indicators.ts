import type { Bar } from './bars';

/**
 * The chart's technical indicators, computed from the bars the chart already holds (docs/decisions.md,
 * "Chart indicators"). Each answers one value per bar, NaN where the indicator has too few bars yet,
 * so every line stays aligned with the bars by index.
 */

/** Simple moving average of the last `period` values. */
export function sma(values: readonly number[], period: number): number[] {
  const out: number[] = [];
  let sum = 0;
  values.forEach((value, i) => {
    sum += value;
    if (i >= period) sum -= values[i - period] as number;
    out.push(i >= period - 1 ? sum / period : Number.NaN);
  });
  return out;
}

/** Exponential moving average, seeded with the simple average of its first `period` values (as the big exchanges draw it). */
export function ema(values: readonly number[], period: number): number[] {
  const k = 2 / (period + 1);
  const out: number[] = [];
  let prev = Number.NaN;
  let seed = 0;
  let seen = 0;
  for (const value of values) {
    if (!Number.isFinite(value)) {
      out.push(prev);
      continue;
    }
    seen++;
    if (seen < period) {
      seed += value;
      out.push(Number.NaN);
    } else if (seen === period) {
      prev = (seed + value) / period;
      out.push(prev);
    } else {
      prev = value * k + prev * (1 - k);
      out.push(prev);
    }
  }
  return out;
}

export interface BollingerPoint {
  middle: number;
  upper: number;
  lower: number;
}

/** Bollinger bands: the simple average of `period` closes and `width` population standard deviations either side. */
export function bollinger(values: readonly number[], period = 20, width = 2): BollingerPoint[] {
  const middle = sma(values, period);
  return values.map((_, i) => {
    const mid = middle[i] as number;
    if (!Number.isFinite(mid)) return { middle: Number.NaN, upper: Number.NaN, lower: Number.NaN };
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += ((values[j] as number) - mid) ** 2;
    const deviation = Math.sqrt(squares / period);
    return { middle: mid, upper: mid + width * deviation, lower: mid - width * deviation };
  });
}

export interface MacdPoint {
  macd: number;
  signal: number;
  histogram: number;
}

/** MACD: the fast EMA less the slow one, its own EMA as the signal, and their difference as the histogram. */
export function macd(values: readonly number[], fast = 12, slow = 26, signalPeriod = 9): MacdPoint[] {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line = values.map((_, i) => (fastLine[i] as number) - (slowLine[i] as number));
  const signal = ema(line, signalPeriod);
  return line.map((value, i) => {
    const s = signal[i] as number;
    return { macd: value, signal: s, histogram: value - s };
  });
}

/** Wilder's relative strength index over `period` changes, from 0 to 100. */
export function rsi(values: readonly number[], period = 14): number[] {
  const out: number[] = [Number.NaN];
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    if (i < period) out.push(Number.NaN);
    else out.push(loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  }
  return values.length === 0 ? [] : out;
}

export const closes = (bars: readonly Bar[]) => bars.map((bar) => bar.close);
