import type { OkxBar } from '@exchange/contract';
import { parseResolution, type Resolution } from './resolutions.js';

/** Every resolution the chart feed serves, in TradingView's spelling. */
export const UDF_RESOLUTIONS = ['1', '5', '15', '30', '60', '120', '240', '1D', '1W', '1M'] as const;

/**
 * A UDF resolution: one market data keeps (`kept`), or one regrouped from a kept one as the OKX
 * candles are (`bar`): 30 minutes from 15, 2 hours from 1, UTC calendar months from days.
 */
export type UdfResolution = { kept: Resolution } | { bar: OkxBar };

const DERIVED = new Map<string, OkxBar>([
  ['30', '30m'],
  ['120', '2H'],
  ['1M', '1Mutc'],
  ['M', '1Mutc'],
]);

export function parseUdfResolution(value: string): UdfResolution | undefined {
  const bar = DERIVED.get(value);
  if (bar) return { bar };
  const kept = parseResolution(value);
  return kept && { kept };
}
