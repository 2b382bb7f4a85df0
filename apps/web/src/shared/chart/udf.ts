// zod's mini build: this is the chart's first chunk, which the classic build would double.
import * as z from 'zod/mini';
import { marketGet } from '../../shared/market/client';
import type { Bar, Resolution } from './bars';
import { resolutionSeconds } from './bars';

export const UDF_HISTORY_PATH = '/api/v1/udf/history';
export const DEFAULT_COUNTBACK = 300;

const numbers = z.array(z.coerce.number());

export const udfHistorySchema = z.union([
  z.object({ s: z.literal('ok'), t: numbers, o: numbers, h: numbers, l: numbers, c: numbers, v: z.optional(numbers) }),
  z.object({ s: z.literal('no_data'), nextTime: z.optional(z.number()) }),
  z.object({ s: z.literal('error'), errmsg: z.optional(z.string()) }),
]);
export type UdfHistory = z.infer<typeof udfHistorySchema>;

/** Column arrays of a UDF answer as bars sorted by time; bars with a duplicate time keep the last copy. */
export function barsFromUdf(answer: UdfHistory): Bar[] {
  if (answer.s !== 'ok') {
    if (answer.s === 'error') throw new Error(answer.errmsg ?? 'UDF error');
    return [];
  }
  const byTime = new Map<number, Bar>();
  answer.t.forEach((time, i) => {
    const open = answer.o[i] ?? Number.NaN;
    const high = answer.h[i] ?? Number.NaN;
    const low = answer.l[i] ?? Number.NaN;
    const close = answer.c[i] ?? Number.NaN;
    if ([time, open, high, low, close].every(Number.isFinite)) {
      byTime.set(time, { time, open, high, low, close, volume: answer.v?.[i] ?? 0 });
    }
  });
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

/**
 * Query of a /history call for the last `countback` bars up to `nowSeconds`: a coin's spot pair
 * (BTC → BTCUSDT), or a contract by its id (BTC-USDT-SWAP), which the UDF serves as a symbol too.
 */
export function historyQuery(symbol: string, resolution: Resolution, nowSeconds: number, countback = DEFAULT_COUNTBACK) {
  const span = resolutionSeconds(resolution) * countback;
  const feed = symbol.includes('-') ? symbol.toUpperCase() : `${symbol.toUpperCase()}USDT`;
  return { symbol: feed, resolution, from: nowSeconds - span, to: nowSeconds, countback };
}

export type HistoryGet = (query: ReturnType<typeof historyQuery>) => Promise<UdfHistory>;

const defaultGet: HistoryGet = (query) => marketGet(UDF_HISTORY_PATH, udfHistorySchema, query);

export interface LoadHistoryOptions {
  get?: HistoryGet;
  now?: number;
  countback?: number;
}

/** The last `countback` (default 300) bars of `symbol` at `resolution` from the UDF feed. */
export async function loadHistory(symbol: string, resolution: Resolution, options: LoadHistoryOptions = {}): Promise<Bar[]> {
  const { get = defaultGet, now = Date.now(), countback = DEFAULT_COUNTBACK } = options;
  return barsFromUdf(await get(historyQuery(symbol, resolution, Math.floor(now / 1000), countback)));
}

/** Base coin of a chart symbol: BTCUSDT, BTC/USDT, btc-usd → BTC; empty gives BTC (spec 2 §2). */
export function baseSymbol(raw: string | null | undefined): string {
  const text = (raw ?? '').trim().toUpperCase();
  const beforeSlash = text.split(/[/-]/)[0] ?? '';
  const base = beforeSlash.replace(/(USDT|USD)$/, '');
  // A numeric pair id names no coin the feed knows by symbol.
  return /^[A-Z0-9]*[A-Z][A-Z0-9]*$/.test(base) ? base : 'BTC';
}
