import type { SessionState } from '../../plugins/auth.js';
import type { Queryable } from '../../db/database.js';

export interface NewSession {
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  clientAddress: string;
  userAgent: string | null;
}

/** What a request learns from its session; cached in memory (session-cache.ts). */
export type { SessionState };

export async function insertSession(q: Queryable, s: NewSession): Promise<void> {
  await q.query(
    `INSERT INTO sessions (id, user_id, created_at, expires_at, client_address, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [s.id, s.userId, s.createdAt, s.expiresAt, s.clientAddress, s.userAgent],
  );
}

/** Ends every live session of the user (but `keepSessionId`, the signed-in page that made a change), in the caller's transaction. */
export async function revokeSessionsOf(q: Queryable, userId: string, at: Date, keepSessionId?: string): Promise<void> {
  if (keepSessionId === undefined) {
    await q.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, at]);
    return;
  }
  await q.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL AND id <> $3', [userId, at, keepSessionId]);
}

/** The state of a session that is neither revoked nor expired and whose user still exists, else null. */
export async function liveSessionState(q: Queryable, sessionId: string, now: Date): Promise<(SessionState & { expiresAtMs: number }) | null> {
  const res = await q.query<{ user_id: string; uid: number; email_verified: boolean; expires_at: Date | string }>(
    `SELECT s.user_id, u.uid, u.email_verified, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [sessionId, now],
  );
  const row = res.rows[0];
  return row ? { sessionId, userId: row.user_id, uid: row.uid, emailVerified: row.email_verified, expiresAtMs: new Date(row.expires_at).getTime() } : null;
}

/** Moves a live session's end to `until` (an idle-limited session's call); false when it had ended already. */
export async function extendSession(q: Queryable, sessionId: string, now: Date, until: Date): Promise<boolean> {
  const res = await q.query('UPDATE sessions SET expires_at = $3 WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2 RETURNING id', [sessionId, now, until]);
  return res.rows.length > 0;
}

/** Whether the user ever had a session from this user agent (a login from anything else is a new device). */
export async function hasSessionFrom(q: Queryable, userId: string, userAgent: string | null): Promise<boolean> {
  const res = await q.query('SELECT 1 FROM sessions WHERE user_id = $1 AND user_agent IS NOT DISTINCT FROM $2 LIMIT 1', [userId, userAgent]);
  return res.rows.length > 0;
}

/** How many of the user's sessions are live: what the operator console shows beside "End all sessions". */
export async function liveSessionCount(q: Queryable, userId: string, now: Date): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2', [userId, now]);
  return res.rows[0]?.n ?? 0;
}
