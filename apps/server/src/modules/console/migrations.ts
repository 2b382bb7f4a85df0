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

/**
 * Version 50: four-eyes adjustments (issue 43). A proposal waits here until a second operator
 * approves it, which books it through the ledger (journal kind 'adjustment', ref = the id) against
 * system:adjustments in the same transaction. The CHECKs hold the rules even against a bug: an
 * approved row names its posting, and no one approves their own.
 */
export const adjustmentsMigration: Migration = {
  version: 50,
  name: 'four-eyes adjustments',
  statements: [
    `CREATE TABLE ledger_adjustments (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      asset text NOT NULL,
      wallet text NOT NULL CHECK (wallet IN ('spot', 'funding')),
      direction text NOT NULL CHECK (direction IN ('credit', 'debit')),
      amount numeric(36, 18) NOT NULL CHECK (amount > 0),
      reason text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled')),
      proposed_by uuid NOT NULL,
      proposed_by_email text NOT NULL,
      proposed_at timestamptz NOT NULL,
      decided_by uuid,
      decided_by_email text,
      decided_at timestamptz,
      decision_reason text,
      transaction_id uuid,
      CHECK ((status = 'approved') = (transaction_id IS NOT NULL)),
      CHECK (status <> 'approved' OR decided_by <> proposed_by),
      CHECK ((status = 'pending') = (decided_at IS NULL))
    )`,
    `CREATE INDEX ledger_adjustments_status ON ledger_adjustments (status, proposed_at)`,
    `CREATE INDEX ledger_adjustments_transaction ON ledger_adjustments (transaction_id)`,
  ],
};
