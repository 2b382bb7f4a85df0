import type { Queryable } from '../../../db/database.js';
import { moveStatus, withdrawalById, type StoredWithdrawal, type WithdrawalStatus } from './store.js';

/** What a rejected withdrawal's user reads when the operator gives no reason. */
export const DEFAULT_WITHDRAWAL_REJECTION = 'Rejected by the exchange after review';

/**
 * The operator's side of the review threshold (the command line and the console). Both only move
 * the withdrawal's status, in the caller's transaction: the server's processor sends an approved one
 * at its next step, and gives a rejected one's hold back (the path that finishes a cancel cut short).
 */
export async function approveWithdrawal(q: Queryable, id: string, at: Date): Promise<boolean> {
  return moveStatus(q, id, ['review'], 'prepared', at);
}

/** Rejects the withdrawal if it is still in one of `from` (by default any state before it is sent). */
export async function rejectWithdrawal(
  q: Queryable,
  id: string,
  reason: string,
  at: Date,
  from: readonly WithdrawalStatus[] = ['review', 'prepared'],
): Promise<boolean> {
  return moveStatus(q, id, from, 'rejected', at, { reason });
}

/**
 * Withdrawals in `status`: those still to be worked on (review, prepared, processing) oldest
 * first, the ended ones newest first.
 */
export async function withdrawalsByStatus(q: Queryable, status: WithdrawalStatus, limit: number, offset: number): Promise<StoredWithdrawal[]> {
  const order = ['review', 'prepared', 'processing'].includes(status) ? 'seq' : 'seq DESC';
  const res = await q.query<{ id: string }>(`SELECT id FROM withdrawals WHERE status = $1 ORDER BY ${order} LIMIT $2 OFFSET $3`, [status, limit, offset]);
  const found = await Promise.all(res.rows.map((r) => withdrawalById(q, r.id)));
  return found.filter((w): w is StoredWithdrawal => w !== null);
}
