import { WITHDRAWAL_CONFIRM_MAX_ATTEMPTS } from '@exchange/contract';
import type { Queryable } from '../../../db/database.js';

/** A confirmation code as a withdrawal stores it: its hash, the wrong guesses, mails sent and deadlines. */
export interface ConfirmState {
  userId: string;
  status: string;
  codeHash: string | null;
  attempts: number;
  mails: number;
  sentAt: Date | null;
  expiresAt: Date | null;
}

/** The withdrawal's confirmation state, its row locked until the caller's transaction ends. */
export async function confirmStateForUpdate(q: Queryable, id: string): Promise<ConfirmState | null> {
  const res = await q.query<{
    user_id: string;
    status: string;
    confirm_code_hash: string | null;
    confirm_attempts: number;
    confirm_mails: number;
    confirm_sent_at: Date | string | null;
    confirm_expires_at: Date | string | null;
  }>(
    `SELECT user_id, status, confirm_code_hash, confirm_attempts, confirm_mails, confirm_sent_at, confirm_expires_at
     FROM withdrawals WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const r = res.rows[0];
  if (!r) return null;
  return {
    userId: r.user_id,
    status: r.status,
    codeHash: r.confirm_code_hash,
    attempts: r.confirm_attempts,
    mails: r.confirm_mails,
    sentAt: r.confirm_sent_at ? new Date(r.confirm_sent_at) : null,
    expiresAt: r.confirm_expires_at ? new Date(r.confirm_expires_at) : null,
  };
}

/** Counts a wrong code; the last allowed one cancels the withdrawal (it held nothing). Answers the count. */
export async function countWrongCode(q: Queryable, id: string, at: Date, reason: string): Promise<number> {
  const res = await q.query<{ confirm_attempts: number }>(
    `UPDATE withdrawals SET confirm_attempts = confirm_attempts + 1, updated_at = $2,
       status = CASE WHEN confirm_attempts + 1 >= $3 THEN 'cancelled' ELSE status END,
       reason = CASE WHEN confirm_attempts + 1 >= $3 THEN $4 ELSE reason END
     WHERE id = $1 AND status = 'unconfirmed' RETURNING confirm_attempts`,
    [id, at.toISOString(), WITHDRAWAL_CONFIRM_MAX_ATTEMPTS, reason],
  );
  return res.rows[0]?.confirm_attempts ?? WITHDRAWAL_CONFIRM_MAX_ATTEMPTS;
}

/**
 * Spends the code: of two confirmations racing, only the one that clears it goes on to hold the
 * amount. A withdrawal left unconfirmed without a code (a crash right after) simply expires.
 */
export async function spendCode(q: Queryable, id: string, codeHash: string, at: Date): Promise<boolean> {
  const res = await q.query(
    `UPDATE withdrawals SET confirm_code_hash = NULL, updated_at = $3 WHERE id = $1 AND status = 'unconfirmed' AND confirm_code_hash = $2 RETURNING id`,
    [id, codeHash, at.toISOString()],
  );
  return res.rows.length > 0;
}

/** A fresh code replaces the last one, with a new deadline and its wrong guesses forgotten. */
export async function replaceCode(q: Queryable, id: string, codeHash: string, at: Date, expiresAt: Date): Promise<void> {
  await q.query(
    `UPDATE withdrawals SET confirm_code_hash = $2, confirm_attempts = 0, confirm_mails = confirm_mails + 1,
       confirm_sent_at = $3, confirm_expires_at = $4, updated_at = $3
     WHERE id = $1 AND status = 'unconfirmed'`,
    [id, codeHash, at.toISOString(), expiresAt.toISOString()],
  );
}

/** Withdrawals one pass expires at most: the rest wait for the next pass, a second later. */
const EXPIRED_PER_PASS = 500;

/** Unconfirmed withdrawals past their deadline become expired; answers them (id and owner) for the live views. */
export async function expireUnconfirmed(q: Queryable, at: Date): Promise<{ id: string; userId: string }[]> {
  const res = await q.query<{ id: string; user_id: string }>(
    `UPDATE withdrawals SET status = 'expired', confirm_code_hash = NULL, updated_at = $1
     WHERE id IN (SELECT id FROM withdrawals WHERE status = 'unconfirmed' AND confirm_expires_at <= $1 LIMIT $2)
       AND status = 'unconfirmed' RETURNING id, user_id`,
    [at.toISOString(), EXPIRED_PER_PASS],
  );
  return res.rows.map((r) => ({ id: r.id, userId: r.user_id }));
}
