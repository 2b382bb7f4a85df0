import { numberFormat, toNumber } from '../../../shared/format/number';

/** A rate for the rate line: 8 decimals at most from 1 up, 6 significant digits below, so 1 USDT = 0.0000153846 BTC keeps its digits. */
export function formatRate(rate: string): string {
  const n = toNumber(rate);
  if (!Number.isFinite(n)) return '';
  return n >= 1
    ? numberFormat({ maximumFractionDigits: 8 }).format(n)
    : numberFormat({ maximumSignificantDigits: 6, useGrouping: false }).format(n);
}

/** Whole seconds left of a quote that expires at `expiresAt`, never below 0. */
export function secondsLeft(expiresAt: number, now: number): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** An amount of the preview in the page's language, with the 8 decimals the quote carries at most. */
export function formatConvertAmount(amount: string): string {
  const n = toNumber(amount);
  return Number.isFinite(n) ? numberFormat({ maximumFractionDigits: 8 }).format(n) : amount;
}
