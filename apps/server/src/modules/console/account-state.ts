import type { AdminAccountState } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { freezeOf, loginFailureCount } from '../accounts/index.js';
import { liveSessionCount } from '../sessions/index.js';

/** How many failed logins lock an email, over what window (the server's LOGIN_MAX_FAILURES and window). */
export interface LoginLockRule {
  max: number;
  windowMs: number;
}

/** A user's account as the console's user page shows it, beside the actions on it. */
export async function accountState(q: Queryable, user: { id: string; email: string }, rule: LoginLockRule, now: Date): Promise<AdminAccountState> {
  const [freeze, sessions, failures, extra] = await Promise.all([
    freezeOf(q, user.id),
    liveSessionCount(q, user.id, now),
    loginFailureCount(q, user.email, new Date(now.getTime() - rule.windowMs)),
    q.query<{ two_factor: boolean; withdrawals_locked_until: Date | string | null }>(
      `SELECT EXISTS (SELECT 1 FROM two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS two_factor, u.withdrawals_locked_until
       FROM users u WHERE u.id = $1`,
      [user.id],
    ),
  ]);
  const row = extra.rows[0];
  const lockedUntil = row?.withdrawals_locked_until ? new Date(row.withdrawals_locked_until) : null;
  return {
    frozen: freeze !== null,
    frozen_at: freeze ? freeze.at.toISOString() : null,
    frozen_reason: freeze?.reason ?? null,
    frozen_by: freeze?.by ?? null,
    live_sessions: sessions,
    login_failures: failures,
    login_locked: rule.max > 0 && failures >= rule.max,
    two_factor: row?.two_factor === true,
    withdrawals_locked_until: lockedUntil && lockedUntil > now ? lockedUntil.toISOString() : null,
  };
}
