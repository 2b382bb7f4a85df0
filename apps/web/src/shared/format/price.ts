import { numberFormat, toNumber, type NumericInput } from './number';

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
export function formatPrice(value: NumericInput): string {
  const n = toNumber(value);
  if (!Number.isFinite(n) || n === 0) return '0.00';
  return numberFormat({
    minimumFractionDigits: isSmallValue(n) ? SMALL_VALUE_DECIMALS : PRICE_MIN_DECIMALS,
    maximumFractionDigits: PRICE_MAX_DECIMALS,
    signDisplay: 'negative',
  }).format(n);
}

/** A price in USD: the same digits with a dollar sign; empty gives "$0.00". */
export function formatUsdPrice(value: NumericInput): string {
  const text = formatPrice(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/**
 * Decimals by price size (spec 1 §9's tiers): the precision of a price typed into the spot form,
 * where a fixed number of digits suits an input better than the display rule above.
 */
export function priceDecimals(price: number): number {
  const size = Math.abs(price);
  if (size >= 1000) return 2;
  if (size >= 1) return 4;
  if (size >= 0.01) return 6;
  return 8;
}

/** Whole US dollars as the page's language writes them: "$2,000", "2000 US$", "2 000 $". */
export function formatUsdWhole(value: number): string {
  return numberFormat({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value);
}
