import type { Migration } from '../db/migrations.js';

/**
 * The operators' audit log: append-only. Every row is written in the transaction of the action it
 * records; the triggers refuse any UPDATE, DELETE or TRUNCATE, whoever asks, so that nobody with
 * the application's database role can rewrite what an operator did.
 */
export const auditLogMigration: Migration = {
  version: 26,
  name: 'operator audit log',
  statements: [
    `CREATE TABLE operator_audit_log (
      id bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      operator text NOT NULL,
      role text NOT NULL,
      action text NOT NULL,
      target text NOT NULL,
      before jsonb,
      after jsonb,
      reason text,
      address text
    )`,
    `CREATE INDEX operator_audit_log_at ON operator_audit_log (at)`,
    `CREATE FUNCTION operator_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'operator_audit_log is append-only';
      END
    $$`,
    `CREATE TRIGGER operator_audit_log_no_update BEFORE UPDATE OR DELETE ON operator_audit_log
      FOR EACH ROW EXECUTE FUNCTION operator_audit_log_append_only()`,
    `CREATE TRIGGER operator_audit_log_no_truncate BEFORE TRUNCATE ON operator_audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_log_append_only()`,
  ],
};
