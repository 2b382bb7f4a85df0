import { formatLocale } from './locale';

/** A value as it comes from the API or a form field: numbers, numeric strings or nothing. */
export type NumericInput = number | string | null | undefined;

/** NaN for empty or non-numeric input, so callers can pick their own fallback. */
export function toNumber(value: NumericInput): number {
  if (value === null || value === undefined) return Number.NaN;
  if (typeof value === 'string') return value.trim() === '' ? Number.NaN : Number(value);
  return value;
}

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Intl formatters are costly to build and these run for every row on every tick. `locale` defaults
 * to the page's language (format/locale.ts), so every formatter writes numbers as its readers do.
 */
export function numberFormat(options: Intl.NumberFormatOptions, locale = formatLocale()): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The first Intl number formatter a page builds loads its language's number data, tens of
 * milliseconds on a slow phone. Built while the page still waits for its code and data, that
 * wait is not added to the time before the first price shows.
 */
export function prepareNumberFormat(): void {
  numberFormat({}).format(0);
}

/** Fixed decimals with grouping; a value that rounds to zero never shows as "-0". */
export function formatFixed(value: NumericInput, decimals: number, grouping = true): string {
  const n = toNumber(value);
  return numberFormat({
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: grouping,
    signDisplay: 'negative',
  }).format(Number.isFinite(n) ? n : 0);
}

/** Spot amounts: 5 decimals (spec 1 §9). */
export function formatAmount(value: NumericInput, grouping = true): string {
  return formatFixed(value, 5, grouping);
}

/** Totals in USDT: 6 decimals (spec 1 §9). */
export function formatTotal(value: NumericInput, grouping = true): string {
  return formatFixed(value, 6, grouping);
}

/** Volumes and market caps: 1.2K, 3.4M, 5.6B. */
export function formatCompact(value: NumericInput): string {
  const n = toNumber(value);
  return numberFormat({ notation: 'compact', maximumFractionDigits: 1 }).format(Number.isFinite(n) ? n : 0);
}

/** Green at 0 or above, red below (spec 1 §9); a missing change counts as 0. */
export function isUp(change: NumericInput): boolean {
  const n = toNumber(change);
  return !(n < 0);
}

/** 24H change: 2 decimals, always signed: "+1.23%", "-0.50%", "+0.00%". */
export function formatChange(change: NumericInput): string {
  const n = toNumber(change);
  const safe = Number.isFinite(n) ? n : 0;
  const digits = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(safe));
  return `${isUp(safe) ? '+' : '-'}${digits}%`;
}
