import { earnMessages, type EarnProduct } from '@exchange/contract';
import { compareAmounts } from './earnMath';

export type AmountProblem = { kind: 'invalid' } | { kind: 'belowMinimum'; min: string; symbol: string } | { kind: 'insufficient' };

/** What is wrong with a typed amount before it is sent, in the server's order of checks; null when nothing. */
export function amountProblem(amount: string, product: Pick<EarnProduct, 'min_amount' | 'symbol'>, available: string | null): AmountProblem | null {
  const text = amount.trim();
  if (text === '' || compareAmounts(text, '0') !== 1) return { kind: 'invalid' };
  if ((compareAmounts(text, product.min_amount) ?? -1) < 0) return { kind: 'belowMinimum', min: product.min_amount, symbol: product.symbol };
  if (available !== null && (compareAmounts(text, available) ?? 1) > 0) return { kind: 'insufficient' };
  return null;
}

/** The contract's English of each problem: the server says the same words. */
export const problemText = {
  invalid: earnMessages.invalidAmount,
  insufficient: earnMessages.insufficientBalance,
} as const;

export type RedeemProblem = { kind: 'invalid' } | { kind: 'overPrincipal' };

/** What is wrong with a typed redemption amount before it is sent, as the server checks it; null when nothing. */
export function redeemProblem(amount: string, principal: string): RedeemProblem | null {
  const text = amount.trim();
  if (text === '' || compareAmounts(text, '0') !== 1) return { kind: 'invalid' };
  if ((compareAmounts(text, principal) ?? 1) > 0) return { kind: 'overPrincipal' };
  return null;
}

export const redeemProblemText = {
  invalid: earnMessages.invalidAmount,
  overPrincipal: earnMessages.redeemOverPrincipal,
} as const;
