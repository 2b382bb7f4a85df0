/**
 * Spec 3 §9's display rules for prices, changes and volumes, written once for the web app (which
 * passes the page's language) and for the server, which draws the spot page's header into its HTML
 * in the same digits the app then renders.
 */

/** A value as it comes from the API or a form field: numbers, numeric strings or nothing. */
export type NumericInput = number | string | null | undefined;

/** The language numbers are written in when none is given: English reads as en-US. */
export const DEFAULT_NUMBER_LOCALE = 'en-US';

/** NaN for empty or non-numeric input, so callers can pick their own fallback. */
export function toNumber(value: NumericInput): number {
  if (value === null || value === undefined) return Number.NaN;
  if (typeof value === 'string') return value.trim() === '' ? Number.NaN : Number(value);
  return value;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** Intl formatters are costly to build and these run for every row on every tick: one per language and options. */
export function numberFormatIn(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Spec 3 §9: values under 0.01 show 8 decimals, so a small price or amount never reads as zero. */
export const SMALL_VALUE_BELOW = 0.01;
export const SMALL_VALUE_DECIMALS = 8;
/** Spec 3 §9: prices up to 8 decimals; at least 2, as the landing page and search show them. */
const PRICE_MIN_DECIMALS = 2;
const PRICE_MAX_DECIMALS = 8;

/** Whether a non-zero value is small enough for the 8-decimal rule. */
export function isSmallValue(n: number): boolean {
  return n !== 0 && Math.abs(n) < SMALL_VALUE_BELOW;
}

/**
 * A price without currency sign, the same on every page (spec 3 §9): 648.24, 0.7703, 103,631.08,
 * 0.00001234. Empty, non-numeric and zero prices read "0.00": a zero price means "no quote yet",
 * which eight zeros would only obscure.
 */
export function formatPriceIn(locale: string, value: NumericInput): string {
  const n = toNumber(value);
  if (!Number.isFinite(n) || n === 0) return '0.00';
  return numberFormatIn(locale, {
    minimumFractionDigits: isSmallValue(n) ? SMALL_VALUE_DECIMALS : PRICE_MIN_DECIMALS,
    maximumFractionDigits: PRICE_MAX_DECIMALS,
    signDisplay: 'negative',
  }).format(n);
}

/** A price in USD: the same digits with a dollar sign; empty gives "$0.00". */
export function formatUsdPriceIn(locale: string, value: NumericInput): string {
  const text = formatPriceIn(locale, value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Volumes and market caps: 1.2K, 3.4M, 5.6B. */
export function formatCompactIn(locale: string, value: NumericInput): string {
  const n = toNumber(value);
  return numberFormatIn(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(Number.isFinite(n) ? n : 0);
}

/** Green at 0 or above, red below (spec 1 §9); a missing change counts as 0. */
export function isUp(change: NumericInput): boolean {
  const n = toNumber(change);
  return !(n < 0);
}

/** 24H change: 2 decimals, always signed: "+1.23%", "-0.50%", "+0.00%". */
export function formatChangeIn(locale: string, change: NumericInput): string {
  const n = toNumber(change);
  const safe = Number.isFinite(n) ? n : 0;
  const digits = numberFormatIn(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(safe));
  return `${isUp(safe) ? '+' : '-'}${digits}%`;
}
