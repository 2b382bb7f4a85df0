import type { SecurityOverviewResponse } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';

/** What the security centre shows of a user; undefined when there is no such user. */
export async function securityOverview(q: Queryable, userId: string, now: Date): Promise<SecurityOverviewResponse | undefined> {
  const res = await q.query<{
    email: string;
    anti_phishing_phrase: string | null;
    withdrawals_locked_until: Date | string | null;
    totp_enabled: boolean;
    recovery_codes_left: number;
  }>(
    `SELECT u.email, u.anti_phishing_phrase, u.withdrawals_locked_until,
       EXISTS (SELECT 1 FROM two_factor t WHERE t.user_id = u.id AND t.enabled_at IS NOT NULL) AS totp_enabled,
       (SELECT count(*)::int FROM recovery_codes r WHERE r.user_id = u.id AND r.used_at IS NULL) AS recovery_codes_left
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  const row = res.rows[0];
  if (!row) return undefined;
  const locked = row.withdrawals_locked_until ? new Date(row.withdrawals_locked_until) : null;
  return {
    email: row.email,
    totp_enabled: row.totp_enabled,
    recovery_codes_left: row.recovery_codes_left,
    anti_phishing_phrase: row.anti_phishing_phrase,
    withdrawals_locked_until: locked && locked > now ? locked.toISOString() : null,
  };
}
