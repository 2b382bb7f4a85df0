import type { LoginRecord } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { describeDevice } from '../../shared/device.js';

/** Sign-ins shown: enough for "was that me?", bounded so an old account's answer stays small. */
export const LOGIN_HISTORY_LIMIT = 50;

interface SessionRow {
  id: string;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  client_address: string;
  user_agent: string | null;
}

/** Every session is a sign-in (sign-up or login): the history, newest first, with which are still live. */
export async function loginHistory(q: Queryable, userId: string, currentSessionId: string | undefined, now: Date): Promise<LoginRecord[]> {
  const res = await q.query<SessionRow>(
    `SELECT id, created_at, expires_at, revoked_at, client_address, user_agent FROM sessions
     WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [userId, LOGIN_HISTORY_LIMIT],
  );
  return res.rows.map((r) => ({
    id: r.id,
    time: new Date(r.created_at).toISOString(),
    client_address: r.client_address,
    device: describeDevice(r.user_agent),
    status: r.revoked_at ? 'ended' : new Date(r.expires_at) <= now ? 'expired' : 'active',
    current: r.id === currentSessionId,
  }));
}

/** Ends one live session of the user; false when the user has no such live session. */
export async function endSession(q: Queryable, userId: string, sessionId: string, at: Date): Promise<boolean> {
  const res = await q.query('UPDATE sessions SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL RETURNING id', [
    sessionId,
    userId,
    at,
  ]);
  return res.rows.length > 0;
}

