/**
 * Exact conversions between decimal strings (the wire and the ledger) and the engine's integer
 * ticks and lots. Everything goes through bigint so no binary float ever rounds a value.
 */
export type Rounding = 'exact' | 'floor' | 'ceil';

interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

function parse(value: string, what: string): Scaled {
  const m = DECIMAL.exec(value);
  if (m === null) throw new RangeError(`${what} is not a non-negative decimal: ${value}`);
  const frac = m[2] ?? '';
  return { units: BigInt((m[1] as string) + frac), scale: frac.length };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function positiveStep(step: string, what: string): Scaled {
  const s = parse(step, what);
  if (s.units === 0n) throw new RangeError(`${what} must be positive: ${step}`);
  return s;
}

function toSafe(n: bigint, value: string): number {
  if (n > MAX) throw new RangeError(`value out of safe integer range: ${value}`);
  return Number(n);
}

function divide(num: bigint, den: bigint, rounding: Rounding, value: string, step: string): bigint {
  const q = num / den;
  const r = num % den;
  if (r === 0n) return q;
  if (rounding === 'exact') throw new RangeError(`${value} is not a multiple of ${step}`);
  return rounding === 'floor' ? q : q + 1n;
}

/** How many `step`s are in `value` ("100.25" with step "0.05" → 2005). */
export function toUnits(value: string, step: string, rounding: Rounding = 'exact'): number {
  const v = parse(value, 'value');
  const s = positiveStep(step, 'step');
  const scale = Math.max(v.scale, s.scale);
  const num = v.units * pow10(scale - v.scale);
  const den = s.units * pow10(scale - s.scale);
  return toSafe(divide(num, den, rounding, value, step), value);
}

/** `units` × `step` as a decimal string with the step's number of decimals (2005 × "0.05" → "100.25"). */
export function fromUnits(units: number, step: string): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`not a non-negative safe integer: ${units}`);
  const s = positiveStep(step, 'step');
  return format(BigInt(units) * s.units, s.scale);
}

function format(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

export const priceToTicks = (price: string, tickSize: string, rounding: Rounding = 'exact'): number =>
  toUnits(price, tickSize, rounding);
export const ticksToPrice = (ticks: number, tickSize: string): string => fromUnits(ticks, tickSize);
export const qtyToLots = (qty: string, lotSize: string, rounding: Rounding = 'exact'): number =>
  toUnits(qty, lotSize, rounding);
export const lotsToQty = (lots: number, lotSize: string): string => fromUnits(lots, lotSize);

/** The notional unit of the engine is one tick × one lot (price ticks × qty lots). */
function notionalStep(tickSize: string, lotSize: string): string {
  const t = positiveStep(tickSize, 'tickSize');
  const l = positiveStep(lotSize, 'lotSize');
  return format(t.units * l.units, t.scale + l.scale);
}

/** A quote amount ("spend at most 250.5 USDT") as a market-buy budget; floors by default so it is never exceeded. */
export const quoteToNotional = (
  quote: string,
  tickSize: string,
  lotSize: string,
  rounding: Rounding = 'floor',
): number => toUnits(quote, notionalStep(tickSize, lotSize), rounding);

export const notionalToQuote = (units: number, tickSize: string, lotSize: string): string =>
  fromUnits(units, notionalStep(tickSize, lotSize));
