/**
 * Exact decimal arithmetic on scaled BigInts. Order totals are sent to the server, so
 * price × amount must not carry binary floating-point noise (0.1 × 3 ≠ 0.3).
 */
interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

function parseDecimal(value: number | string): Scaled | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const match = DECIMAL_PATTERN.exec(String(value).trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return null;
  let units = BigInt(`${whole}${fraction}` || '0');
  let scale = fraction.length - Number(exponent);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

/** Rounds half away from zero, as a cashier would; `cut` drops the extra digits instead (toward zero). */
function rescale({ units, scale }: Scaled, target: number, cut = false): bigint {
  if (scale <= target) return units * 10n ** BigInt(target - scale);
  const divisor = 10n ** BigInt(scale - target);
  const size = units < 0n ? -units : units;
  let quotient = size / divisor;
  if (!cut && (size % divisor) * 2n >= divisor) quotient += 1n;
  return units < 0n ? -quotient : quotient;
}

function render(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** `value` rounded to `scale` decimals as a plain string, or null if it is not a number. */
export function toFixedDecimal(value: number | string, scale: number): string | null {
  const parsed = parseDecimal(value);
  return parsed ? render(rescale(parsed, scale), scale) : null;
}

/** `value` cut toward zero to `scale` decimals, so the result never exceeds a balance it came from. */
export function truncateDecimal(value: number | string, scale: number): string | null {
  const parsed = parseDecimal(value);
  return parsed ? render(rescale(parsed, scale, true), scale) : null;
}

/** a × b rounded to `scale` decimals as a plain string, or null if either is not a number. */
export function multiplyDecimals(a: number | string, b: number | string, scale: number): string | null {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  if (!left || !right) return null;
  return render(rescale({ units: left.units * right.units, scale: left.scale + right.scale }, scale), scale);
}

/** total_in_usdt of an order: price × amount to 6 decimals (spec 1 §3); "0.000000" when either is missing. */
export function totalInUsdt(price: number | string, amount: number | string): string {
  return multiplyDecimals(price, amount, 6) ?? '0.000000';
}

/** Brings two parsed decimals to one scale, so their units compare and subtract exactly. */
function aligned(a: number | string, b: number | string): [bigint, bigint, number] | null {
  const left = parseDecimal(a);
  const right = parseDecimal(b);
  if (!left || !right) return null;
  const scale = Math.max(left.scale, right.scale);
  return [rescale(left, scale), rescale(right, scale), scale];
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`, exactly; null if either is not a number. */
export function compareDecimals(a: number | string, b: number | string): -1 | 0 | 1 | null {
  const pair = aligned(a, b);
  if (!pair) return null;
  const [left, right] = pair;
  if (left === right) return 0;
  return left < right ? -1 : 1;
}

/** a − b exactly, without trailing zeros ("2.5", "0"); null if either is not a number. */
export function subtractDecimals(a: number | string, b: number | string): string | null {
  const pair = aligned(a, b);
  if (!pair) return null;
  const [left, right, scale] = pair;
  return plainDecimal(render(left - right, scale));
}

/** a + b exactly, without trailing zeros; null if either is not a number. */
export function addDecimals(a: number | string, b: number | string): string | null {
  const pair = aligned(a, b);
  if (!pair) return null;
  const [left, right, scale] = pair;
  return plainDecimal(render(left + right, scale));
}

/** A decimal as the server writes it: no exponent, no trailing zeros ("1.500" → "1.5", "3.000" → "3"); null if not a number. */
export function plainDecimal(value: number | string): string | null {
  const parsed = parseDecimal(value);
  if (!parsed) return null;
  const text = render(parsed.units, parsed.scale);
  if (!text.includes('.')) return text === '-0' ? '0' : text;
  const trimmed = text.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/** A fee rate as the percentage people read ("0.00125" → "0.125"), exactly; null if not a number. */
export function percentOfRate(rate: number | string): string | null {
  const percent = multiplyDecimals(rate, 100, 12);
  return percent === null ? null : plainDecimal(percent);
}

/** A percentage typed by an operator as the rate the server takes ("0.125" → "0.00125"), exactly; null if not a number. */
export function rateOfPercent(percent: number | string): string | null {
  const rate = multiplyDecimals(percent, '0.01', 12);
  return rate === null ? null : plainDecimal(rate);
}
