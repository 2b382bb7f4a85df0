import { formatChangeIn, formatCompactIn, numberFormatIn, toNumber, type NumericInput } from '@exchange/contract';
import { formatLocale } from './locale';

export { toNumber, isUp, type NumericInput } from '@exchange/contract';

/** A formatter in the page's language (format/locale.ts) unless told otherwise, so numbers read as its readers write them. */
export function numberFormat(options: Intl.NumberFormatOptions, locale = formatLocale()): Intl.NumberFormat {
  return numberFormatIn(locale, options);
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
  return formatCompactIn(formatLocale(), value);
}

/** 24H change: 2 decimals, always signed: "+1.23%", "-0.50%", "+0.00%". */
export function formatChange(change: NumericInput): string {
  return formatChangeIn(formatLocale(), change);
}

const EXACT = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string shown digit for digit in the page's language ("1234.5678" → "1,234.5678" in
 * English, "1.234,5678" in German): sizes and amounts the server sent exactly, which a float would
 * round. Anything else is shown as it came.
 */
export function formatExact(value: string, locale = formatLocale()): string {
  const match = EXACT.exec(value.trim());
  if (!match) return value;
  const [, minus = '', whole = '0', fraction = ''] = match;
  const grouped = numberFormat({ useGrouping: true, maximumFractionDigits: 0 }, locale).format(BigInt(whole));
  const separator = numberFormat({ minimumFractionDigits: 1 }, locale).formatToParts(0.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const zero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return `${minus && !zero ? '-' : ''}${grouped}${fraction ? `${separator}${fraction}` : ''}`;
}
