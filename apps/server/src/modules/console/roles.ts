import { OPERATOR_ROLES, operatorMessages, type OperatorRole, type OperatorRow } from '@exchange/contract';
import type { Database, Queryable } from '../../db/database.js';
import { recordAudit } from '../../audit/audit-log.js';
import { emailsOf, userByEmail } from '../accounts/index.js';

/** Who changes a role and from where, as the audit log keeps it. */
export interface RoleChanger {
  operator: string;
  /** The changer's own role that allows the change: `admin`, or `cli` for the command line. */
  role: string;
  reason?: string | null;
  address?: string | null;
  at: Date;
}

/** The roles' change refused by the data, in plain words. */
export class RoleRefusal extends Error {
  override name = 'RoleRefusal';
}

export async function rolesOf(q: Queryable, userId: string): Promise<OperatorRole[]> {
  const res = await q.query<{ role: OperatorRole }>('SELECT role FROM operator_roles WHERE user_id = $1', [userId], 'console_roles_of');
  const held = new Set(res.rows.map((r) => r.role));
  return OPERATOR_ROLES.filter((role) => held.has(role));
}

export async function listOperators(q: Queryable): Promise<OperatorRow[]> {
  const res = await q.query<{ user_id: string; role: OperatorRole; granted_at: Date; granted_by: string }>(
    'SELECT user_id, role, granted_at, granted_by FROM operator_roles ORDER BY granted_at, user_id, role LIMIT 1000',
  );
  const emails = await emailsOf(q, [...new Set(res.rows.map((r) => r.user_id))]);
  return res.rows.map((r) => ({
    user_id: r.user_id,
    email: emails.get(r.user_id) ?? '',
    role: r.role,
    granted_at: new Date(r.granted_at).toISOString(),
    granted_by: r.granted_by,
  }));
}

async function targetOf(q: Queryable, email: string): Promise<{ id: string; email: string }> {
  const user = await userByEmail(q, email);
  if (!user) throw new RoleRefusal(`${operatorMessages.noSuchEmail}: ${email.trim().toLowerCase()}`);
  return user;
}

/** Gives `email`'s user the role and records it, in one transaction. */
export async function grantRole(db: Database, email: string, role: OperatorRole, by: RoleChanger): Promise<void> {
  await db.tx(async (q) => {
    const user = await targetOf(q, email);
    const before = await rolesOf(q, user.id);
    const res = await q.query(
      'INSERT INTO operator_roles (user_id, role, granted_at, granted_by) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [user.id, role, by.at, by.operator],
    );
    if (res.rowCount === 0) throw new RoleRefusal(`${operatorMessages.alreadyHolds}: ${user.email} is ${role}`);
    await recordAudit(q, { ...by, action: 'operators.grant', target: `user:${user.id} ${user.email}`, before, after: [...before, role].sort() });
  });
}

/** Takes the role from `email`'s user and records it, in one transaction; the last admin keeps theirs. */
export async function revokeRole(db: Database, email: string, role: OperatorRole, by: RoleChanger): Promise<void> {
  await db.tx(async (q) => {
    const user = await targetOf(q, email);
    // Locks every admin row, so that two admins revoking each other at once cannot both succeed.
    const admins = await q.query<{ user_id: string }>(`SELECT user_id FROM operator_roles WHERE role = 'admin' FOR UPDATE`);
    const before = await rolesOf(q, user.id);
    if (!before.includes(role)) throw new RoleRefusal(`${operatorMessages.doesNotHold}: ${user.email} is not ${role}`);
    if (role === 'admin' && admins.rows.length <= 1) throw new RoleRefusal(operatorMessages.lastAdmin);
    await q.query('DELETE FROM operator_roles WHERE user_id = $1 AND role = $2', [user.id, role]);
    await recordAudit(q, { ...by, action: 'operators.revoke', target: `user:${user.id} ${user.email}`, before, after: before.filter((r) => r !== role) });
  });
}
