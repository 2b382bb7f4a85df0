import type { OkxBar } from '@exchange/contract';
import { sumDecimals } from '../../shared/decimal.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/time.js';
import { RESOLUTION_MS, type Resolution } from './resolutions.js';
import type { Candle } from './candle-math.js';

/** `[ts, o, h, l, c, vol, volCcy, volCcyQuote, confirm]`, as OKX sends a bar. */
export type OkxCandleRow = [string, string, string, string, string, string, string, string, string];

interface BarPlan {
  /** The resolution market data keeps that the bar is made of. */
  source: Resolution;
  /** Start of the bar holding `ms`; absent when the bar is the source itself. */
  bucket?: (ms: number) => number;
  /** Start of the next bar. */
  end: (start: number) => number;
  /** The longest such bar, in ms. */
  span: number;
}

/** OKX's bars from 6H up, unless spelled `utc`, open at Hong Kong midnight: 16:00 UTC. */
const HONG_KONG_MS = 8 * HOUR_MS;
/** Weeks open on Monday; epoch 0 was a Thursday, four days after a Monday. */
const MONDAY_MS = 4 * DAY_MS;

/** Bars of `size` ms opening at `offset` ms past the epoch's grid; the source's own bars when no size is given. */
const fixed = (source: Resolution, size?: number, offset = 0): BarPlan => {
  const width = size ?? RESOLUTION_MS[source];
  return {
    source,
    ...(size === undefined ? {} : { bucket: (ms: number) => Math.floor((ms - offset) / size) * size + offset }),
    end: (start) => start + width,
    span: width,
  };
};

/** Calendar months opening `shift` ms before UTC midnight of the 1st. */
const monthly = (source: Resolution, shift: number): BarPlan => {
  const start = (ms: number): number => {
    const d = new Date(ms + shift);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - shift;
  };
  return { source, bucket: start, end: (from) => start(from + 32 * DAY_MS), span: 31 * DAY_MS };
};

/**
 * Each OKX bar from the kept resolution that divides it: 3m from 1m, 30m from 15m, 2H and 6H from
 * 1h, 12H from 4h, the UTC months from days, and the Hong Kong days, weeks and months from 4h (its
 * midnight is 16:00 UTC, a 4-hour boundary).
 */
const PLANS: Readonly<Record<OkxBar, BarPlan>> = {
  '1m': fixed('1m'),
  '3m': fixed('1m', 3 * MINUTE_MS),
  '5m': fixed('5m'),
  '15m': fixed('15m'),
  '30m': fixed('15m', 30 * MINUTE_MS),
  '1H': fixed('1h'),
  '2H': fixed('1h', 2 * HOUR_MS),
  '4H': fixed('4h'),
  '6Hutc': fixed('1h', 6 * HOUR_MS),
  '12Hutc': fixed('4h', 12 * HOUR_MS),
  '1Dutc': fixed('1D'),
  '1Wutc': fixed('1W'),
  '1Mutc': monthly('1D', 0),
  '6H': fixed('1h', 6 * HOUR_MS, -HONG_KONG_MS),
  '12H': fixed('4h', 12 * HOUR_MS, -HONG_KONG_MS),
  '1D': fixed('4h', DAY_MS, -HONG_KONG_MS),
  '1W': fixed('4h', 7 * DAY_MS, MONDAY_MS - HONG_KONG_MS),
  '1M': monthly('4h', HONG_KONG_MS),
};

export function sourceOf(bar: OkxBar): Resolution {
  return PLANS[bar].source;
}

/** How many of the newest source bars hold the newest `count` bars of `bar` whole. */
export function sourceBarsFor(bar: OkxBar, count: number): number {
  const plan = PLANS[bar];
  return Math.ceil((count * plan.span) / RESOLUTION_MS[plan.source]) + 1;
}

/** Source bars (oldest first) grouped into `bucket`s: first open, last close, extremes, summed volumes. */
function regroup(bars: readonly Candle[], bucket: (ms: number) => number): Candle[] {
  const out: Candle[] = [];
  let group: Candle[] = [];
  const flush = () => {
    const first = group[0];
    const last = group.at(-1);
    if (!first || !last) return;
    let high = first.high;
    let low = first.low;
    for (const c of group) {
      if (Number(c.high) > Number(high)) high = c.high;
      if (Number(c.low) < Number(low)) low = c.low;
    }
    const volume = sumDecimals(group.map((c) => c.volume));
    const quoteVolume = sumDecimals(group.map((c) => c.quoteVolume));
    out.push({ time: bucket(first.time), open: first.open, high, low, close: last.close, volume, quoteVolume });
    group = [];
  };
  for (const c of bars) {
    const first = group[0];
    if (first && bucket(first.time) !== bucket(c.time)) flush();
    group.push(c);
  }
  flush();
  return out;
}

/** The bars of `bar`, oldest first, made of `source` (the kept resolution `sourceOf(bar)` names). */
export function okxBars(source: readonly Candle[], bar: OkxBar): readonly Candle[] {
  const plan = PLANS[bar];
  return plan.bucket ? regroup(source, plan.bucket) : source;
}

export interface CandlePage {
  /** Only bars that start before this (ms), exclusive: OKX's `after`, the older page. */
  after?: number;
  /** Only bars that start after this (ms), exclusive: OKX's `before`, the newer page. */
  before?: number;
  limit: number;
}

/**
 * One page of `bar` candles, newest first, as OKX pages them: the newest `limit` bars inside the
 * open range (before, after). `confirm` is "1" once the bar's time is over at `nowMs`. A contract
 * counts volume in contracts and in the coin (the same, one contract being one coin); spot in the
 * coin and in USDT.
 */
export function okxCandles(source: readonly Candle[], bar: OkxBar, page: CandlePage, nowMs: number, contract: boolean): OkxCandleRow[] {
  const plan = PLANS[bar];
  const bars = okxBars(source, bar);
  let end = bars.length;
  if (page.after !== undefined) while (end > 0 && (bars[end - 1] as Candle).time >= page.after) end--;
  let start = Math.max(0, end - page.limit);
  if (page.before !== undefined) while (start < end && (bars[start] as Candle).time <= page.before) start++;
  const rows: OkxCandleRow[] = [];
  for (let i = end - 1; i >= start; i--) {
    const c = bars[i] as Candle;
    const confirm = plan.end(c.time) <= nowMs ? '1' : '0';
    rows.push([String(c.time), c.open, c.high, c.low, c.close, c.volume, contract ? c.volume : c.quoteVolume, c.quoteVolume, confirm]);
  }
  return rows;
}
