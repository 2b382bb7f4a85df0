import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.js';

export interface TwoFactorRow {
  sealed_secret: string;
  enabled_at: Date | string | null;
  last_used_step: string | number;
  failures: number;
  failures_since: Date | string | null;
}

/** The user's authenticator row, locked until the transaction ends: checks of one user's codes take turns. */
export async function twoFactorForUpdate(q: Queryable, userId: string): Promise<TwoFactorRow | undefined> {
  const res = await q.query<TwoFactorRow>('SELECT * FROM two_factor WHERE user_id = $1 FOR UPDATE', [userId]);
  return res.rows[0];
}

export async function isTwoFactorEnabled(q: Queryable, userId: string): Promise<boolean> {
  const res = await q.query('SELECT 1 FROM two_factor WHERE user_id = $1 AND enabled_at IS NOT NULL', [userId]);
  return res.rows.length > 0;
}

/** A secret waiting for its first code; it replaces an earlier one that never got enabled. */
export async function savePendingSecret(q: Queryable, userId: string, sealed: string, at: Date): Promise<boolean> {
  const res = await q.query(
    `INSERT INTO two_factor (user_id, sealed_secret, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET sealed_secret = EXCLUDED.sealed_secret, created_at = EXCLUDED.created_at,
       last_used_step = 0, failures = 0, failures_since = NULL
     WHERE two_factor.enabled_at IS NULL
     RETURNING user_id`,
    [userId, sealed, at],
  );
  return res.rows.length > 0;
}

export async function markEnabled(q: Queryable, userId: string, at: Date): Promise<void> {
  await q.query('UPDATE two_factor SET enabled_at = $2 WHERE user_id = $1', [userId, at]);
}

export async function deleteTwoFactor(q: Queryable, userId: string): Promise<void> {
  await q.query('DELETE FROM two_factor WHERE user_id = $1', [userId]);
  await q.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
}

export async function recordAccepted(q: Queryable, userId: string, step: number): Promise<void> {
  await q.query('UPDATE two_factor SET last_used_step = GREATEST(last_used_step, $2), failures = 0, failures_since = NULL WHERE user_id = $1', [
    userId,
    step,
  ]);
}

/** Counts a wrong code; the count starts again once its window has passed. */
export async function recordFailure(q: Queryable, userId: string, at: Date, windowStart: Date): Promise<void> {
  await q.query(
    `UPDATE two_factor SET
       failures = CASE WHEN failures_since IS NULL OR failures_since <= $3 THEN 1 ELSE failures + 1 END,
       failures_since = CASE WHEN failures_since IS NULL OR failures_since <= $3 THEN $2 ELSE failures_since END
     WHERE user_id = $1`,
    [userId, at, windowStart],
  );
}

export async function replaceRecoveryCodes(q: Queryable, userId: string, hashes: string[]): Promise<void> {
  await q.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  for (const hash of hashes) {
    await q.query('INSERT INTO recovery_codes (id, user_id, code_hash) VALUES ($1, $2, $3)', [randomUUID(), userId, hash]);
  }
}

/** Spends an unused recovery code of the user with this hash: `used` when it was spent before, `none` when there is no such code. */
export async function spendRecoveryCode(q: Queryable, userId: string, hash: string, at: Date): Promise<'spent' | 'used' | 'none'> {
  const res = await q.query(
    `UPDATE recovery_codes SET used_at = $3
     WHERE id = (SELECT id FROM recovery_codes WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL LIMIT 1)
     RETURNING id`,
    [userId, hash, at],
  );
  if (res.rows.length > 0) return 'spent';
  const before = await q.query('SELECT 1 FROM recovery_codes WHERE user_id = $1 AND code_hash = $2', [userId, hash]);
  return before.rows.length > 0 ? 'used' : 'none';
}

export async function recoveryCodesLeft(q: Queryable, userId: string): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return res.rows[0]?.n ?? 0;
}
