import type { IdentityStatus } from '@exchange/contract';
import type { Queryable } from '../db/database.js';
import { normalizeEmail } from '../modules/accounts/codes.js';
import { AdminRefusal } from './command.js';

/** The user an email names, as sign-up stored it (trimmed, lower case). */
export async function reviewTarget(q: Queryable, email: string): Promise<{ id: string; email: string; status: IdentityStatus }> {
  const normalized = normalizeEmail(email);
  const res = await q.query<{ id: string; identity_status: IdentityStatus }>('SELECT id, identity_status FROM users WHERE email = $1', [normalized]);
  const row = res.rows[0];
  if (!row) throw new AdminRefusal(`No user has the email ${normalized}.`);
  return { id: row.id, email: normalized, status: row.identity_status };
}
