import type { Migration } from '../../db/migrations.js';

/**
 * The security centre (issue 17): the authenticator app's secret (sealed, see secret-box.ts) with
 * the last time step it accepted and its recent failures, the hashed recovery codes, the
 * anti-phishing phrase, and an index for reading a user's sign-ins newest first (the sessions
 * table is the login history).
 */
export const securityMigration: Migration = {
  version: 18,
  name: 'security centre',
  statements: [
    `CREATE TABLE two_factor (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      sealed_secret text NOT NULL,
      enabled_at timestamptz,
      created_at timestamptz NOT NULL,
      last_used_step bigint NOT NULL DEFAULT 0,
      failures integer NOT NULL DEFAULT 0,
      failures_since timestamptz
    )`,
    `CREATE TABLE recovery_codes (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz
    )`,
    `CREATE INDEX recovery_codes_user ON recovery_codes (user_id) WHERE used_at IS NULL`,
    `ALTER TABLE users ADD COLUMN anti_phishing_phrase text`,
    `CREATE INDEX sessions_by_user_time ON sessions (user_id, created_at DESC)`,
  ],
};
