import { numberFormat, toNumber, type NumericInput } from './number';

/** Decimals for a price by size (spec 1 §9): cheaper coins need more digits to show movement. */
export function priceDecimals(price: number): number {
  const size = Math.abs(price);
  if (size >= 1000) return 2;
  if (size >= 1) return 4;
  if (size >= 0.01) return 6;
  return 8;
}

/**
 * A price without currency sign. Empty, non-numeric and zero prices read "0.00": a zero
 * price means "no quote yet", which eight zeros would only obscure.
 */
export function formatPrice(value: NumericInput): string {
  const n = toNumber(value);
  if (!Number.isFinite(n) || n === 0) return '0.00';
  const decimals = priceDecimals(n);
  return numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(n);
}

/** The same price with a dollar sign; empty gives "$0.00". */
export function formatUsdPrice(value: NumericInput): string {
  const text = formatPrice(value);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Landing and search prices: up to `max` decimals, at least `min` (search uses 2). */
export function formatPriceMaxDecimals(value: NumericInput, max = 8, min = 0): string {
  const n = toNumber(value);
  return numberFormat({ minimumFractionDigits: min, maximumFractionDigits: max, signDisplay: 'negative' }).format(
    Number.isFinite(n) ? n : 0,
  );
}

/** Header search results: 2 to 8 decimals. */
export function formatSearchPrice(value: NumericInput): string {
  return formatPriceMaxDecimals(value, 8, 2);
}
