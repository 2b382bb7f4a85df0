import { withdrawMessages } from '@exchange/contract';
import { AppError, codedError } from '../../../errors.js';
import { Dec } from '../../../shared/decimal.js';

const ZERO = new Dec(0);

/** What the recipient gets (spec 3 §5): the amount less the fee, and 0 when it is not above the fee. */
export function amountReceived(amount: Dec, fee: Dec): Dec {
  return amount.gt(fee) ? amount.minus(fee) : ZERO;
}

/**
 * Spec 3 §5's amount rules in the spec's order, the first broken one's refusal: a number above 0,
 * greater than the network fee, within the available balance. Null when the amount passes.
 */
export function amountRefusal(amount: Dec | null, fee: Dec, symbol: string, available: Dec): AppError | null {
  if (!amount || !amount.gt(0)) return new AppError(400, withdrawMessages.invalidAmount, 'VALIDATION');
  if (!amount.gt(fee)) return codedError(400, 'VALIDATION', 'withdraw.belowFee', { fee: fee.toFixed(), symbol });
  if (amount.gt(available)) return new AppError(400, withdrawMessages.insufficient, 'INSUFFICIENT_BALANCE');
  return null;
}

export interface DailyUse {
  /** The user's daily limit in USDT; 0 for an unverified user. */
  limit: Dec;
  /** USDT value of today's withdrawals that were not refused, failed or cancelled. */
  used: Dec;
}

/** The daily limit's refusal for a withdrawal worth `value` USDT, or null. */
export function dailyLimitRefusal(value: Dec, use: DailyUse): AppError | null {
  const left = Dec.max(ZERO, use.limit.minus(use.used));
  if (!value.gt(left)) return null;
  return codedError(403, 'DAILY_LIMIT', 'withdraw.dailyLimit', { limit: use.limit.toFixed(), left: left.toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed() });
}

/** Whether a withdrawal worth `value` USDT waits for an operator (above the threshold). */
export function needsReview(value: Dec, threshold: Dec): boolean {
  return value.gt(threshold);
}

/** The start of the UTC day `at` falls in: daily limits reset at 00:00 UTC, as the large exchanges' do. */
export function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}
