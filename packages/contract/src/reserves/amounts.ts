/**
 * Balances in the tree are exact decimals with 18 fraction digits (the ledger's NUMERIC(36,18)),
 * carried as bigint units of 10^-18 so sums never round.
 */
export const RESERVE_DECIMALS = 18;
/** A canonical amount: no sign, no leading zeros, a point and exactly 18 fraction digits. */
const CANONICAL = /^(0|[1-9][0-9]{0,35})\.[0-9]{18}$/;
const LOOSE = /^-?[0-9]{1,36}(\.[0-9]{0,18})?$/;

export class NegativeBalanceError extends Error {
  constructor(readonly value: string) {
    super(`A balance in the tree cannot be negative: ${value}`);
    this.name = 'NegativeBalanceError';
  }
}

/** The canonical zero: two thirds of a snapshot's balances, and many low nodes' sums, are it. */
const ZERO_TEXT = `0.${'0'.repeat(RESERVE_DECIMALS)}`;

/**
 * Units of 10^-18 from any plain decimal string with at most 18 fraction digits; negatives refused.
 * A canonical amount (what the server's rows and every proof file hold) is its digits without the
 * point: one parse, no split or padding.
 */
export function toUnits(value: string): bigint {
  if (value === '0' || value === ZERO_TEXT) return 0n;
  if (CANONICAL.test(value)) return BigInt(value.replace('.', ''));
  if (!LOOSE.test(value)) throw new Error(`Not a decimal amount with at most ${RESERVE_DECIMALS} fraction digits: ${value}`);
  if (value.startsWith('-')) {
    if (/[1-9]/.test(value)) throw new NegativeBalanceError(value);
    return 0n;
  }
  const [whole, fraction = ''] = value.split('.');
  return BigInt(`${whole!}${fraction.padEnd(RESERVE_DECIMALS, '0')}`);
}

/**
 * The canonical text of an amount, the exact bytes hashed (docs/reserves.md). Cut from the one
 * decimal string of the units, not divided and taken modulo 10^18: a snapshot formats a sum per
 * asset per node, and the two bigints and two strings of the division were most of its garbage.
 */
export function formatUnits(units: bigint): string {
  if (units === 0n) return ZERO_TEXT;
  if (units < 0n) throw new NegativeBalanceError(`-${formatUnits(-units)}`);
  const digits = units.toString();
  if (digits.length <= RESERVE_DECIMALS) return `0.${digits.padStart(RESERVE_DECIMALS, '0')}`;
  return `${digits.slice(0, -RESERVE_DECIMALS)}.${digits.slice(-RESERVE_DECIMALS)}`;
}

/** Whether a string is already in the canonical form; a verifier refuses any other spelling. */
export function isCanonicalAmount(value: string): boolean {
  return CANONICAL.test(value);
}
