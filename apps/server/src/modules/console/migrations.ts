import type { Migration } from '../../db/migrations.js';

/**
 * Version 41: the operators' roles (issue 43, "19 Operator console"). A user with no row is no
 * operator. The actions on these rows are recorded in operator_audit_log (version 26), which is
 * append-only by its triggers on PostgreSQL and PGlite alike.
 */
export const consoleMigration: Migration = {
  version: 41,
  name: 'operator roles',
  statements: [
    `CREATE TABLE operator_roles (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('support', 'compliance', 'treasury', 'admin')),
      granted_at timestamptz NOT NULL,
      granted_by text NOT NULL,
      PRIMARY KEY (user_id, role)
    )`,
    `CREATE INDEX operator_audit_log_operator ON operator_audit_log (operator, id)`,
  ],
};
