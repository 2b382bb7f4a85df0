import { isSmallValue, SMALL_VALUE_DECIMALS } from '../../shared/format/price';
import { formatFixed, toNumber, type NumericInput } from '../../shared/format/number';

/** Spec 3 §9: balances show 4 decimals on the account pages, and a value under 0.01 shows 8. */
export const ACCOUNT_BALANCE_DECIMALS = 4;

export function formatAccountBalance(value: NumericInput): string {
  const n = toNumber(value);
  const safe = Number.isFinite(n) ? n : 0;
  return formatFixed(safe, isSmallValue(safe) ? SMALL_VALUE_DECIMALS : ACCOUNT_BALANCE_DECIMALS);
}

/** What a hidden value shows instead (spec 3 §2: dots), whatever its length. */
export const HIDDEN_VALUE = '••••••';
