import { isSmallValue, SMALL_VALUE_DECIMALS } from '@exchange/contract';
import { numberFormat } from '../format/number';
import { priceDecimals } from '../format/price';
import { formatLocale } from '../format/locale';

/** Spec 3 §9's prices show at least 2 decimals; small ones (under 0.01) show 8. */
const MIN_DECIMALS = 2;

const leastDecimals = (value: number) => (isSmallValue(value) ? SMALL_VALUE_DECIMALS : MIN_DECIMALS);

/**
 * A price on the chart (the crosshair's and the last price's labels) grouped and in the page's
 * language, as its other prices read: 103,710.50 in English, 103.710,50 in Spanish. The crosshair
 * points between prices, so it is rounded to its size's decimals (spec 1 §9's tiers) rather than
 * shown to the 8th. The language is read at each call: a chart built before a language change
 * follows it at its next paint.
 */
export function chartPrice(value: number, locale = formatLocale()): string {
  const safe = Number.isFinite(value) ? value : 0;
  return numberFormat({ minimumFractionDigits: leastDecimals(safe), maximumFractionDigits: priceDecimals(safe), signDisplay: 'negative' }, locale).format(safe);
}

/** The decimals a tick needs, at most its size's: 103710.50000000001 (a float's step) needs 2, 0.775 needs 3. */
function tickDecimals(value: number): number {
  if (!Number.isFinite(value) || value === 0) return MIN_DECIMALS;
  const most = priceDecimals(value);
  const fraction = value.toFixed(most).split('.')[1]?.replace(/0+$/, '') ?? '';
  return Math.max(leastDecimals(value), fraction.length);
}

/**
 * The price axis's ticks, written as chartPrice writes prices but all with the decimals the finest
 * of them needs, so the column's digits line up (103,700.00 above 103,712.50, not 103,712.5).
 */
export function chartPriceTicks(values: readonly number[], locale = formatLocale()): string[] {
  const decimals = values.reduce((most, value) => Math.max(most, tickDecimals(value)), MIN_DECIMALS);
  const format = numberFormat({ minimumFractionDigits: decimals, maximumFractionDigits: decimals, signDisplay: 'negative' }, locale);
  return values.map((value) => format.format(Number.isFinite(value) ? value : 0));
}
