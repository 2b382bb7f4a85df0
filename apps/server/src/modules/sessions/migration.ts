import type { Migration } from '../../db/migrations.js';

/**
 * Sessions as rows (issue 05, defect 4): every token names its session, and a session can be
 * ended. The client address and user agent are recorded at creation so that a later issue can
 * list a user's sessions to them.
 */
export const sessionsMigration: Migration = {
  version: 9,
  name: 'sessions',
  statements: [
    `CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      client_address text NOT NULL,
      user_agent text
    )`,
    `CREATE INDEX sessions_live_by_user ON sessions (user_id) WHERE revoked_at IS NULL`,
  ],
};
