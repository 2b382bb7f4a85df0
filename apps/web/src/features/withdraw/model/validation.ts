import type { CoinTransactionRow, FundsNetwork } from '@exchange/contract';
import { compareDecimals } from '../../../shared/format/decimal';
import { exceedsDecimals } from '../../../shared/funds/decimals';
import { addressIssue, type AddressIssue } from './address';
import { availableBalance, parseAmount, withdrawFee } from './amounts';
import type { WithdrawDraft } from './draft';

/** The rules of spec 3 §5 "Withdrawal submit"; the texts are the contract's withdrawMessages. */
export type WithdrawProblem =
  | { kind: 'completeFields' }
  | AddressIssue
  | { kind: 'invalidAmount' }
  | { kind: 'tooManyDecimals'; symbol: string; network: string; decimals: number }
  | { kind: 'belowFee'; fee: string; symbol: string }
  | { kind: 'insufficient' };

/**
 * The first rule of spec 3 §5 the draft breaks, in the spec's order, or null when it may be sent:
 * every field given; an on-chain address (and memo) the server takes (the contract's rules, issue
 * 40); the amount a number above 0, with no more decimals than the token has on the
 * network (issue 14); above the network fee; within the source account's available balance. An
 * unknown balance cannot rule the last out: the server does.
 */
export function validateWithdrawal(draft: WithdrawDraft, coin: CoinTransactionRow | null, network: FundsNetwork | null): WithdrawProblem | null {
  const destinationGiven = draft.tab === 'internal' ? draft.recipient.trim() !== '' : network !== null && draft.address.trim() !== '';
  if (!coin || !destinationGiven || draft.amount.trim() === '') return { kind: 'completeFields' };
  const issue = draft.tab === 'onchain' ? addressIssue(network, draft.address, draft.memo) : null;
  if (issue) return issue;
  const amount = parseAmount(draft.amount);
  if (amount === null || compareDecimals(amount, '0') !== 1) return { kind: 'invalidAmount' };
  if (network && draft.tab === 'onchain' && exceedsDecimals(amount, network.decimals)) {
    return { kind: 'tooManyDecimals', symbol: coin.symbol, network: network.code, decimals: network.decimals };
  }
  const fee = withdrawFee(draft.tab, network) ?? '0';
  if (compareDecimals(amount, fee) !== 1) return { kind: 'belowFee', fee, symbol: coin.symbol };
  const balance = availableBalance(coin, draft.source);
  if (balance !== null && compareDecimals(amount, balance) === 1) return { kind: 'insufficient' };
  return null;
}

/**
 * The message worth showing under the amount: none until the user has typed an amount, so an
 * untouched form does not open with a complaint; from then on the first broken rule, except an
 * address issue, which the address field shows where it was typed.
 */
export function visibleProblem(draft: WithdrawDraft, problem: WithdrawProblem | null): WithdrawProblem | null {
  if (draft.amount.trim() === '' || problem === null) return null;
  return problem.kind === 'invalidAddress' || problem.kind === 'burnAddress' || problem.kind === 'invalidMemo' ? null : problem;
}
