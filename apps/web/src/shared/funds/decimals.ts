import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { plainDecimal } from '../format/decimal';

/**
 * Digits after the point that carry a value, as the server counts them (trailing zeros do not:
 * "1.50" has one); null when the text is not a number.
 */
export function decimalPlaces(amount: string): number | null {
  const plain = plainDecimal(amount);
  if (plain === null) return null;
  const dot = plain.indexOf('.');
  return dot === -1 ? 0 : plain.length - dot - 1;
}

/** Whether the amount has more decimals than the token has on the network: no chain could carry it. */
export function exceedsDecimals(amount: string, decimals: number): boolean {
  return (decimalPlaces(amount) ?? 0) > decimals;
}

/**
 * The contract's amountLimitMessages.tooManyDecimals, worded here in the same English so that the
 * catalogues translate it (the contract's texts built from values are not extracted).
 */
export function tooManyDecimalsText(symbol: string, network: string, decimals: number): MessageDescriptor {
  return decimals === 0
    ? msg`${symbol} on ${network} has no decimals: enter a whole number`
    : msg`${symbol} on ${network} has ${decimals} decimals: enter at most ${decimals} digits after the decimal point`;
}
