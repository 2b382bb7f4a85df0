import { ACCOUNT_CAPACITY } from '../shared/account-capacity.js';
import { Dec } from '../shared/decimal.js';

/** NUMERIC(36, 18): at most 18 decimals and 18 integer digits. */
export const AMOUNT_SCALE = 18;
const MAX_INTEGER_DIGITS = 18;
/** The least value with more than MAX_INTEGER_DIGITS integer digits. */
const COLUMN_LIMIT = new Dec(10).pow(MAX_INTEGER_DIGITS);

export { ACCOUNT_CAPACITY };

/** A positive decimal amount that fits the columns, or null. Accepts JSON numbers and strings. */
export function parsePositiveAmount(raw: unknown): Dec | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const text = typeof raw === 'number' ? String(raw) : raw.trim();
  if (!/^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  let value: Dec;
  try {
    value = new Dec(text);
  } catch {
    return null;
  }
  if (!value.isFinite() || value.lte(0)) return null;
  if (value.decimalPlaces() > AMOUNT_SCALE) return null;
  if (value.trunc().toFixed().length > MAX_INTEGER_DIGITS) return null;
  return value;
}

/**
 * Whether a decimal already made is an amount `parsePositiveAmount` takes (positive, at most 18
 * decimals, below 10^18): the same answer as `parsePositiveAmount(value.toFixed()) !== null`
 * without printing and parsing it again, for the ledger's per-order checks.
 */
export function isPositiveAmount(value: Dec): boolean {
  return value.isFinite() && value.gt(0) && value.decimalPlaces() <= AMOUNT_SCALE && value.lt(COLUMN_LIMIT);
}

/** Canonical text of a NUMERIC value read back from the database ('10.500000' → '10.5'). */
export function normalize(value: string | Dec): string {
  return new Dec(value).toFixed();
}
