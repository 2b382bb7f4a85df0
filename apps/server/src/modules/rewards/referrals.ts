import { referralPath, type ReferralsResponse } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';

/** The id of the user whose referral code this is; codes are stored upper-case. */
export async function referrerOf(q: Queryable, code: string): Promise<string | null> {
  const { rows } = await q.query<{ id: string }>('SELECT id FROM users WHERE referral_code = $1', [code.toUpperCase()]);
  return rows[0]?.id ?? null;
}

/**
 * "ada.lovelace@example.com" → "a***e@example.com": enough for the referrer to recognise a friend,
 * not enough to harvest addresses from their page.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}***` : `${local[0]}***${local[local.length - 1]}`;
  return `${shown}${email.slice(at)}`;
}

interface ReferredRow {
  email: string;
  created_at: Date | string;
  email_verified: boolean;
  identity_status: string;
}

/** The user's code, the path of their link, and the users who signed up with it, newest first. */
export async function referralsOf(q: Queryable, userId: string): Promise<ReferralsResponse> {
  const me = await q.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [userId]);
  const code = me.rows[0]?.referral_code ?? '';
  const { rows } = await q.query<ReferredRow>(
    `SELECT email, created_at, email_verified, identity_status
       FROM users WHERE referred_by = $1
      ORDER BY created_at DESC, uid
      LIMIT 500`,
    [userId],
  );
  return {
    referral_code: code,
    referral_path: referralPath(code),
    referred: rows.map((r) => ({
      email: maskEmail(r.email),
      joined_at: new Date(r.created_at).toISOString(),
      email_verified: r.email_verified,
      identity_verified: r.identity_status === 'true',
    })),
  };
}
