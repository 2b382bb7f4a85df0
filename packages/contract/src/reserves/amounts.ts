/**
 * Balances in the tree are exact decimals with 18 fraction digits (the ledger's NUMERIC(36,18)),
 * carried as bigint units of 10^-18 so sums never round.
 */
export const RESERVE_DECIMALS = 18;
const SCALE = 10n ** BigInt(RESERVE_DECIMALS);
/** A canonical amount: no sign, no leading zeros, a point and exactly 18 fraction digits. */
const CANONICAL = /^(0|[1-9][0-9]{0,35})\.[0-9]{18}$/;
const LOOSE = /^-?[0-9]{1,36}(\.[0-9]{0,18})?$/;

export class NegativeBalanceError extends Error {
  constructor(readonly value: string) {
    super(`A balance in the tree cannot be negative: ${value}`);
    this.name = 'NegativeBalanceError';
  }
}

/** Units of 10^-18 from any plain decimal string with at most 18 fraction digits; negatives refused. */
export function toUnits(value: string): bigint {
  if (!LOOSE.test(value)) throw new Error(`Not a decimal amount with at most ${RESERVE_DECIMALS} fraction digits: ${value}`);
  if (value.startsWith('-')) {
    if (/[1-9]/.test(value)) throw new NegativeBalanceError(value);
    return 0n;
  }
  const [whole, fraction = ''] = value.split('.');
  return BigInt(`${whole!}${fraction.padEnd(RESERVE_DECIMALS, '0')}`);
}

/** The canonical text of an amount, the exact bytes hashed (docs/reserves.md). */
export function formatUnits(units: bigint): string {
  if (units < 0n) throw new NegativeBalanceError(`-${formatUnits(-units)}`);
  const whole = units / SCALE;
  const fraction = (units % SCALE).toString().padStart(RESERVE_DECIMALS, '0');
  return `${whole.toString()}.${fraction}`;
}

/** Whether a string is already in the canonical form; a verifier refuses any other spelling. */
export function isCanonicalAmount(value: string): boolean {
  return CANONICAL.test(value);
}
