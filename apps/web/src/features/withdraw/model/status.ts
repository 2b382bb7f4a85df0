import type { WithdrawalRecord, WithdrawalStatus } from '@exchange/contract';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StatusTone } from '../../../shared/funds/confirmations';

const LABELS: Record<WithdrawalStatus, MessageDescriptor> = {
  unconfirmed: msg`Awaiting confirmation`,
  prepared: msg`Pending`,
  review: msg`Awaiting approval`,
  processing: msg`Processing`,
  completed: msg`Completed`,
  failed: msg`Failed`,
  rejected: msg`Rejected`,
  cancelled: msg`Cancelled`,
  expired: msg`Expired`,
};

const TONES: Record<WithdrawalStatus, StatusTone> = {
  unconfirmed: 'pending',
  prepared: 'pending',
  review: 'pending',
  processing: 'pending',
  completed: 'up',
  failed: 'down',
  rejected: 'down',
  cancelled: 'down',
  expired: 'down',
};

const FINAL = 4;

/** Order of a withdrawal's life (peatio's withdraw model): emailed, held, waiting, sent, then one of the ends. */
const PROGRESS: Record<WithdrawalStatus, number> = {
  unconfirmed: 0,
  prepared: 1,
  review: 2,
  processing: 3,
  completed: FINAL,
  failed: FINAL,
  rejected: FINAL,
  cancelled: FINAL,
  expired: FINAL,
};

export function withdrawalStatusLabel(status: WithdrawalStatus): MessageDescriptor {
  return LABELS[status];
}

export function withdrawalStatusTone(status: WithdrawalStatus): StatusTone {
  return TONES[status];
}

/** Completed, failed, rejected, cancelled and expired withdrawals never change again. */
export function isFinalWithdrawal(status: WithdrawalStatus): boolean {
  return PROGRESS[status] === FINAL;
}

/** Only a withdrawal not yet sent to the chain can be cancelled: awaiting its code, held (prepared) or waiting for an operator. */
export function isCancellable(status: WithdrawalStatus): boolean {
  return status === 'unconfirmed' || status === 'prepared' || status === 'review';
}

/** Confirmations are worth showing once the withdrawal is on the chain. */
export function showsConfirmations(record: Pick<WithdrawalRecord, 'status' | 'kind' | 'confirmations_needed'>): boolean {
  return record.kind === 'onchain' && record.confirmations_needed > 0 && (record.status === 'processing' || record.status === 'completed');
}

/** The later of two versions of one withdrawal: a further status, or more confirmations in the same one. */
function later(a: WithdrawalRecord, b: WithdrawalRecord): WithdrawalRecord {
  if (PROGRESS[a.status] !== PROGRESS[b.status]) return PROGRESS[a.status] > PROGRESS[b.status] ? a : b;
  return b.confirmations >= a.confirmations ? b : a;
}

/**
 * Rows the private socket pushed (or the submit answered) since the history was fetched, one per
 * withdrawal, newest first; a push never takes a row back to an earlier state.
 */
export function rememberRows(pushed: readonly WithdrawalRecord[], incoming: readonly WithdrawalRecord[]): WithdrawalRecord[] {
  const result = [...pushed];
  for (const row of incoming) {
    const index = result.findIndex((known) => known.id === row.id);
    if (index === -1) result.unshift(row);
    else result[index] = later(result[index] as WithdrawalRecord, row);
  }
  return result;
}

/**
 * The history as shown: the fetched rows, each at its latest known state, after the pushed
 * withdrawals the fetch has not seen yet. A push may overtake a request already on its way, so the
 * later of the two versions of a row wins. Null while the first fetch is under way.
 */
export function withPushedRows(fetched: readonly WithdrawalRecord[] | null, pushed: readonly WithdrawalRecord[]): WithdrawalRecord[] | null {
  if (fetched === null) return null;
  const byId = new Map(pushed.map((row) => [row.id, row]));
  const known = new Set(fetched.map((row) => row.id));
  const rows = fetched.map((row) => {
    const newer = byId.get(row.id);
    return newer ? later(row, newer) : row;
  });
  return [...pushed.filter((row) => !known.has(row.id)), ...rows];
}

/** The history is polled while a withdrawal is still moving. */
export function hasMovingWithdrawal(records: readonly WithdrawalRecord[] | null): boolean {
  return records?.some((record) => !isFinalWithdrawal(record.status)) ?? false;
}
