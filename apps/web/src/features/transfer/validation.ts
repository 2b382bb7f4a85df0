import { walletMessages, type TransferAccount } from '@exchange/contract';
import { toFixedDecimal } from '../../shared/format/decimal';

/** Balances are shown and compared to 8 decimals (spec 3 §2). */
export const BALANCE_DECIMALS = 8;

/** Scaled units at 8 decimals, so amounts compare exactly; null when not a number. */
export function toUnits(value: string): bigint | null {
  const fixed = toFixedDecimal(value, BALANCE_DECIMALS);
  return fixed === null ? null : BigInt(fixed.replace('.', ''));
}

/** Keeps what the amount field accepts: digits and at most one decimal point. */
export function cleanAmount(text: string): string {
  const kept = text.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

export interface TransferDraft {
  symbol: string;
  from: TransferAccount;
  to: TransferAccount;
  amount: string;
  /** The From account's balance; null while it is unknown. */
  balance: string | null;
}

/** The first rule of spec 3 §5 "Transfer submit" the draft breaks, or null when it may be sent. */
export function validateTransfer(draft: TransferDraft): string | null {
  if (!draft.symbol) return walletMessages.selectAsset;
  if (draft.from === draft.to) return walletMessages.sameAccounts;
  const amount = toUnits(draft.amount);
  if (amount === null || amount <= 0n) return walletMessages.invalidAmount;
  const balance = draft.balance === null ? null : toUnits(draft.balance);
  if (balance !== null && amount > balance) return walletMessages.insufficientBalance;
  return null;
}

/** Checks worth showing while the user types: an entered amount that is zero or over the balance. */
export function liveAmountError(draft: TransferDraft): string | null {
  if (draft.amount === '') return null;
  const message = validateTransfer(draft);
  return message === walletMessages.invalidAmount || message === walletMessages.insufficientBalance ? message : null;
}
