import type { IdentityStatus } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { normalizeEmail } from './codes.js';

/** A user as the operator console lists them (issue 43). */
export interface UserBrief {
  id: string;
  uid: number;
  email: string;
  email_verified: boolean;
  identity_status: IdentityStatus;
  created_at: Date;
  name: string | null;
  country: string | null;
}

const COLUMNS = 'id, uid, email, email_verified, identity_status, created_at, name, country';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many users signed up in all, and since `since`. */
export async function countUsers(q: Queryable, since: Date): Promise<{ users: number; since: number }> {
  const res = await q.query<{ users: number; since: number }>(
    'SELECT count(*)::int AS users, count(*) FILTER (WHERE created_at >= $1)::int AS since FROM users',
    [since],
  );
  return res.rows[0] ?? { users: 0, since: 0 };
}

/** Users whose email contains `text`, or whose uid or id it is exactly; at most `limit`, newest first. */
export async function searchUsers(q: Queryable, text: string, limit: number): Promise<UserBrief[]> {
  const uid = /^\d{1,9}$/.test(text) ? Number(text) : -1;
  const id = UUID.test(text) ? text.toLowerCase() : null;
  // The search is a literal substring: LIKE's own wildcards in it match only themselves.
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const res = await q.query<UserBrief>(
    `SELECT ${COLUMNS} FROM users
     WHERE email LIKE $1 OR uid = $2 OR ($3::uuid IS NOT NULL AND id = $3::uuid)
     ORDER BY created_at DESC, id LIMIT $4`,
    [pattern, uid, id, limit],
  );
  return res.rows;
}

export async function userBrief(q: Queryable, id: string): Promise<UserBrief | undefined> {
  const res = await q.query<UserBrief>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return res.rows[0];
}

export async function userByEmail(q: Queryable, email: string): Promise<UserBrief | undefined> {
  const res = await q.query<UserBrief>(`SELECT ${COLUMNS} FROM users WHERE email = $1`, [normalizeEmail(email)]);
  return res.rows[0];
}

/** The emails of the given users, by id. */
export async function emailsOf(q: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const res = await q.query<{ id: string; email: string }>('SELECT id, email FROM users WHERE id = ANY($1::uuid[])', [ids]);
  return new Map(res.rows.map((r) => [r.id, r.email]));
}

/** Failed logins on the email since `since`, from every client: what a lockout counts. */
export async function loginFailureCount(q: Queryable, email: string, since: Date): Promise<number> {
  const res = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM login_failures WHERE email = $1 AND created_at > $2', [email, since]);
  return res.rows[0]?.n ?? 0;
}
