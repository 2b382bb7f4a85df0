import { formatPriceIn, formatUsdPriceIn, type NumericInput } from '@exchange/contract';
import { numberFormat } from './number';
import { formatLocale } from './locale';

export { SMALL_VALUE_BELOW, SMALL_VALUE_DECIMALS, isSmallValue } from '@exchange/contract';

/** A price without currency sign, the same on every page (spec 3 §9): 648.24, 0.7703, 103,631.08, 0.00001234. */
export function formatPrice(value: NumericInput): string {
  return formatPriceIn(formatLocale(), value);
}

/** A price in USD: the same digits with a dollar sign; empty gives "$0.00". */
export function formatUsdPrice(value: NumericInput): string {
  return formatUsdPriceIn(formatLocale(), value);
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
