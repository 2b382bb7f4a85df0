import type { Queryable } from '../../db/database.js';

/** An operator's freeze of an account (issue 43, docs/operators.md). */
export interface AccountFreeze {
  at: Date;
  reason: string;
  by: string;
}

export async function freezeOf(q: Queryable, userId: string): Promise<AccountFreeze | null> {
  const res = await q.query<{ frozen_at: Date | string | null; frozen_reason: string | null; frozen_by: string | null }>(
    'SELECT frozen_at, frozen_reason, frozen_by FROM users WHERE id = $1',
    [userId],
  );
  const row = res.rows[0];
  return row?.frozen_at ? { at: new Date(row.frozen_at), reason: row.frozen_reason ?? '', by: row.frozen_by ?? '' } : null;
}

/** Whether the account is frozen: read from the database on each call, so a freeze counts at once in every process. */
export async function isFrozen(q: Queryable, userId: string): Promise<boolean> {
  return (await freezeOf(q, userId)) !== null;
}

/** Which of these users are frozen, in one statement. */
export async function frozenAmong(q: Queryable, userIds: readonly string[]): Promise<Set<string>> {
  const res = await q.query<{ id: string }>('SELECT id FROM users WHERE id = ANY($1::uuid[]) AND frozen_at IS NOT NULL', [userIds]);
  return new Set(res.rows.map((r) => r.id));
}

/** Freezes the account, or thaws it with null; false when it already was in that state (the row is locked meanwhile). */
export async function setFreeze(q: Queryable, userId: string, freeze: AccountFreeze | null): Promise<boolean> {
  const res = freeze
    ? await q.query('UPDATE users SET frozen_at = $2, frozen_reason = $3, frozen_by = $4 WHERE id = $1 AND frozen_at IS NULL', [userId, freeze.at, freeze.reason, freeze.by])
    : await q.query('UPDATE users SET frozen_at = NULL, frozen_reason = NULL, frozen_by = NULL WHERE id = $1 AND frozen_at IS NOT NULL', [userId]);
  return res.rowCount > 0;
}
