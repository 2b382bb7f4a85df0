import { walletMessages, type TransferAccount } from '@exchange/contract';
import { BALANCE_DECIMALS } from '../../shared/format/balance';
import { toFixedDecimal, truncateDecimal } from '../../shared/format/decimal';

/** The ledger keeps 18 decimals, so an amount is compared with the balance exactly at that scale. */
const LEDGER_DECIMALS = 18;

function units(value: string): bigint | null {
  const fixed = toFixedDecimal(value, LEDGER_DECIMALS);
  return fixed === null ? null : BigInt(fixed.replace('.', ''));
}

/** The amount as POST /transfers carries it: a JSON number (spec 3 §7); NaN when the field holds none. */
export function amountToSend(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The amount as the server will read it: the number sent, not the digits typed, which a number may not carry exactly. */
function sentUnits(text: string): bigint | null {
  const amount = amountToSend(text);
  return Number.isFinite(amount) ? units(String(amount)) : null;
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
  const amount = sentUnits(draft.amount);
  if (amount === null || amount <= 0n) return walletMessages.invalidAmount;
  const balance = draft.balance === null ? null : units(draft.balance);
  if (balance !== null && amount > balance) return walletMessages.insufficientBalance;
  return null;
}

/**
 * Spec 3 §5: the Transfer button is disabled while processing, with no asset, an empty amount, an
 * amount of 0 or less, or one above the From balance. An unknown balance cannot rule the last out.
 */
export function transferDisabled(draft: TransferDraft, processing: boolean): boolean {
  return processing || draft.amount.trim() === '' || draft.balance === null || validateTransfer(draft) !== null;
}

/** Checks worth showing while the user types: an entered amount that is zero or over the balance. */
export function liveAmountError(draft: TransferDraft): string | null {
  if (draft.amount === '') return null;
  const message = validateTransfer(draft);
  return message === walletMessages.invalidAmount || message === walletMessages.insufficientBalance ? message : null;
}

/**
 * What Max fills in (spec 3 §5): the balance, as shown, cut, never rounded up, to 8 decimals, with fewer
 * decimals only where a number cannot carry that many of so large a balance. Null when there is
 * nothing to move, which disables Max.
 */
export function maxAmount(balance: string | null): string | null {
  const limit = balance === null ? null : units(balance);
  if (balance === null || limit === null || limit <= 0n) return null;
  for (let decimals = BALANCE_DECIMALS; decimals >= 0; decimals -= 1) {
    const candidate = truncateDecimal(balance, decimals);
    const sent = candidate === null ? null : sentUnits(candidate);
    if (candidate !== null && sent !== null && sent > 0n && sent <= limit) return candidate;
  }
  return null;
}
