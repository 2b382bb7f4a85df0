import { convertMessages } from '@exchange/contract';
import { multiplyDecimals, toFixedDecimal } from '../../../shared/format/decimal';

/** Spec 2 §5: the linked amounts carry up to 8 decimals. */
export const LINKED_DECIMALS = 8;
/** The ledger keeps 18 decimals, so an amount is compared with the balance exactly at that scale. */
const LEDGER_DECIMALS = 18;

export type AmountSide = 'from' | 'to';

/** "1.50000000" → "1.5", "2.000" → "2"; anything else as it is. */
export function trimZeros(value: string): string {
  if (!value.includes('.')) return value;
  return value.replace(/0+$/, '').replace(/\.$/, '');
}

/** The other box's amount: `value` × `rate` to 8 decimals, trailing zeros trimmed; '' with nothing to link. */
export function linkedAmount(value: string, rate: string | null): string {
  if (rate === null || value.trim() === '' || value === '.') return '';
  const product = multiplyDecimals(value, rate, LINKED_DECIMALS);
  return product === null ? '' : trimZeros(product);
}

function units(value: string): bigint | null {
  if (value.trim() === '' || value === '.') return null;
  const fixed = toFixedDecimal(value, LEDGER_DECIMALS);
  return fixed === null ? null : BigInt(fixed.replace('.', ''));
}

/** A typed amount as the server reads it: "0.50" → "0.5", ".5" → "0.5"; null when it is not above zero. */
export function normalizedAmount(value: string): string | null {
  const scaled = units(value);
  if (scaled === null || scaled <= 0n) return null;
  const fixed = toFixedDecimal(value, LEDGER_DECIMALS);
  return fixed === null ? null : trimZeros(fixed);
}

export interface ConversionDraft {
  fromAmount: string;
  toAmount: string;
  /** The box the user typed in last; the other one follows it. */
  edited: AmountSide;
  /** The spot balance of the From currency; null while unknown or for a visitor. */
  balance: string | null;
}

function overBalance(draft: ConversionDraft): boolean {
  const amount = units(draft.fromAmount);
  const balance = draft.balance === null ? null : units(draft.balance);
  return amount !== null && balance !== null && amount > balance;
}

/** Spec 2 §5, while typing: the From amount, typed or implied by the To amount, above the balance. */
export function liveAmountError(draft: ConversionDraft): string | null {
  if (!overBalance(draft)) return null;
  return draft.edited === 'from' ? convertMessages.exceedsBalance : convertMessages.requiredExceedsBalance;
}

/** Spec 2 §5, on submit: an empty or non-positive amount, then an amount above the balance. */
export function validateConversion(draft: ConversionDraft): string | null {
  if (normalizedAmount(draft.fromAmount) === null || normalizedAmount(draft.toAmount) === null) return convertMessages.invalidAmount;
  if (overBalance(draft)) return convertMessages.insufficientBalance;
  return null;
}
