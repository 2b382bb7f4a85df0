import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../shared/time.js';

const WEEK_MS = 7 * DAY_MS;
/** Weeks start on Monday 00:00 UTC, as on the big exchanges; epoch 0 was a Thursday, four days after a Monday. */
const WEEK_OFFSET_MS = 4 * DAY_MS;

export const RESOLUTIONS = ['1m', '5m', '15m', '1h', '4h', '1D', '1W'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const RESOLUTION_MS: Readonly<Record<Resolution, number>> = {
  '1m': MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '1h': HOUR_MS,
  '4h': 4 * HOUR_MS,
  '1D': DAY_MS,
  '1W': WEEK_MS,
};

/** How each resolution is spelled in the TradingView UDF protocol (config supported_resolutions). */
export const UDF_RESOLUTION: Readonly<Record<Resolution, string>> = {
  '1m': '1',
  '5m': '5',
  '15m': '15',
  '1h': '60',
  '4h': '240',
  '1D': '1D',
  '1W': '1W',
};

const fromUdf = new Map<string, Resolution>([
  ...RESOLUTIONS.map((r) => [UDF_RESOLUTION[r], r] as const),
  ...RESOLUTIONS.map((r) => [r, r] as const),
  ['D', '1D'],
  ['W', '1W'],
]);

/** "1", "60", "D", "1D" (or our own "1h") → Resolution; undefined for anything we do not serve. */
export function parseResolution(value: string): Resolution | undefined {
  return fromUdf.get(value);
}

/** Start of the UTC-aligned bucket holding `tsMs`: epoch 0 is a UTC midnight, so flooring aligns days; weeks are shifted to start on Monday. */
export function bucketStart(tsMs: number, resolution: Resolution): number {
  const size = RESOLUTION_MS[resolution];
  const offset = resolution === '1W' ? WEEK_OFFSET_MS : 0;
  return Math.floor((tsMs - offset) / size) * size + offset;
}
