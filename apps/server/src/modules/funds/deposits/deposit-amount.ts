import { fundsMessages } from '@exchange/contract';
import { parsePositiveAmount } from '../../../ledger/amounts.js';
import { formatMaximum, maxAmountOf } from '../../../shared/asset-limits.js';
import { Dec } from '../../../shared/decimal.js';

/** A chain's amount as long as a refusal quotes it: a hostile chain record could be any length. */
const QUOTED_AMOUNT_CHARS = 40;

export type DepositAmount =
  | { kind: 'creditable'; amount: Dec }
  /** Recorded so the user and the operator see it, never credited; `stored` fits the column. */
  | { kind: 'refused'; stored: Dec; reason: string };

/**
 * What the watcher does with the amount a chain reports for a deposit (issue 14 #2): above the
 * asset's maximum per operation, or not a positive amount the columns hold, it is recorded as
 * refused with its reason, so it can neither overflow a column nor stop the deposits behind it.
 */
export function classifyDepositAmount(raw: string, symbol: string): DepositAmount {
  const amount = parsePositiveAmount(raw);
  if (!amount) {
    const quoted = raw.length > QUOTED_AMOUNT_CHARS ? `${raw.slice(0, QUOTED_AMOUNT_CHARS)}…` : raw;
    return { kind: 'refused', stored: new Dec(0), reason: fundsMessages.depositUnreadable(quoted, symbol) };
  }
  const max = maxAmountOf(symbol);
  if (amount.gt(max)) return { kind: 'refused', stored: amount, reason: fundsMessages.depositAboveMaximum(formatMaximum(max), symbol) };
  return { kind: 'creditable', amount };
}
