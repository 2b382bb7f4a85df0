import type { Queryable } from '../db/database.js';

/** One operator action as the audit log keeps it (issue 14 #1; issue 19 brings the console's). */
export interface AuditEntry {
  at: Date;
  /** Who: the operator's account, or `cli:<os user>@<host>` for an admin command. */
  operator: string;
  role: string;
  /** What, as a dotted name: `deposits.simulate`. */
  action: string;
  /** On what: a user, a withdrawal, a network. */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  /** The operator's client address, when the action came over the network. */
  address?: string | null;
}

/** Appends the entry inside the caller's transaction, so the action and its record commit together or not at all. */
export async function recordAudit(q: Queryable, e: AuditEntry): Promise<void> {
  await q.query(
    `INSERT INTO operator_audit_log (at, operator, role, action, target, before, after, reason, address)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)`,
    [
      e.at.toISOString(),
      e.operator,
      e.role,
      e.action,
      e.target,
      e.before === undefined ? null : JSON.stringify(e.before),
      e.after === undefined ? null : JSON.stringify(e.after),
      e.reason ?? null,
      e.address ?? null,
    ],
  );
}
