import { toFixedDecimal } from '../format/decimal';
import type { NumericInput } from '../format/number';

/**
 * Amounts on a coin's lot (amount step), exactly: a balance of 0.0011988 BTC must offer 0.00119,
 * never 0.0012, and binary floats cannot promise that. Values are BigInts of 10^-18 units; the
 * server's balances and steps carry no more decimals than that.
 */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);

/** The spec's 5 amount decimals (spec 1 §9), for a coin whose lot the server did not send. */
export const DEFAULT_LOT = '0.00001';

/** Non-negative units of a decimal; missing, malformed or negative values count as 0. */
function units(value: NumericInput): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const fixed = toFixedDecimal(value, SCALE);
  if (fixed === null || fixed.startsWith('-')) return 0n;
  return BigInt(fixed.replace('.', ''));
}

/** Decimals of a step: "0.001" → 3, "1" → 0. */
export function stepDecimals(step: string): number {
  const fraction = step.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

function render(value: bigint, decimals: number): string {
  const digits = value.toString().padStart(SCALE + 1, '0');
  const whole = digits.slice(0, digits.length - SCALE);
  const fraction = digits.slice(digits.length - SCALE, digits.length - SCALE + decimals);
  return decimals > 0 ? `${whole}.${fraction}` : whole;
}

function onStep(value: bigint, step: string): string {
  const size = units(step);
  if (size === 0n) return render(0n, stepDecimals(step));
  return render((value / size) * size, stepDecimals(step));
}

/** `value` rounded down to a multiple of `step`, printed with the step's decimals. */
export function floorToStep(value: NumericInput, step: string): string {
  return onStep(units(value), step);
}

/** `percent` % of `value`, rounded down to a multiple of `step`. */
export function shareOnStep(value: NumericInput, percent: number, step: string): string {
  const whole = BigInt(Math.max(0, Math.min(100, Math.floor(percent))));
  return onStep((units(value) * whole) / 100n, step);
}

/** The most `quote` buys at `price`, rounded down to the lot: price × result never exceeds quote. */
export function maxBuyOnStep(quote: NumericInput, price: NumericInput, lot: string): string {
  const p = units(price);
  const l = units(lot);
  if (p === 0n || l === 0n) return render(0n, stepDecimals(lot));
  // quote / (price × lot) in whole lots: each factor carries 10^-18 units, so one ONE restores the scale.
  const lots = (units(quote) * ONE) / (p * l);
  return render(lots * l, stepDecimals(lot));
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimals(a: NumericInput, b: NumericInput): number {
  const left = units(a);
  const right = units(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Whether `value` is a whole number of steps. */
export function isOnStep(value: NumericInput, step: string): boolean {
  const size = units(step);
  return size > 0n && units(value) % size === 0n;
}
