import type { CoinTransactionRow, FundsNetwork, WithdrawSource } from '@exchange/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { amountReceived, parseAmount, withdrawFee } from './amounts';
import type { WithdrawDraft } from './draft';

const SOURCE_LABELS: Record<WithdrawSource, MessageDescriptor> = { funding: msg`Funding`, spot: msg`Spot (Trading)` };

/** Spec 3 §9: the account a withdrawal is taken from. */
export function sourceLabel(source: WithdrawSource): MessageDescriptor {
  return SOURCE_LABELS[source];
}

/** What the user checks before confirming a withdrawal, as plain decimals (issue 14 #4). */
export interface WithdrawalSummary {
  symbol: string;
  /** The network's code, or null for an internal transfer. */
  network: string | null;
  /** The address, or the recipient as typed. */
  destination: string;
  memo: string | null;
  amount: string;
  fee: string;
  received: string;
  source: WithdrawSource;
}

/** The draft as it will be submitted, or null while it lacks a coin, a destination or an amount. */
export function summaryOfDraft(draft: WithdrawDraft, coin: CoinTransactionRow | null, network: FundsNetwork | null): WithdrawalSummary | null {
  const amount = parseAmount(draft.amount);
  if (!coin || amount === null) return null;
  const fee = withdrawFee(draft.tab, network) ?? '0';
  const base = { symbol: coin.symbol, amount, fee, received: amountReceived(amount, fee), source: draft.source };
  if (draft.tab === 'internal') return { ...base, network: null, destination: draft.recipient.trim(), memo: null };
  if (!network) return null;
  const memo = network.memo && draft.memo.trim() !== '' ? draft.memo.trim() : null;
  return { ...base, network: network.code, destination: draft.address.trim(), memo };
}
