import type { Migration } from '../../db/migrations.js';

/**
 * Version 30: a user's notifications (issue 40 #4), a code with its parameters, at most
 * USER_NOTIFICATIONS_KEPT per user. `dedupe_key` names the event a notification tells of (a
 * deposit's credit, a withdrawal's state), so an event told twice is kept once.
 */
export const notificationsMigration: Migration = {
  version: 30,
  name: 'user notifications',
  statements: [
    `CREATE TABLE user_notifications (
      id bigserial PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code text NOT NULL,
      params jsonb NOT NULL,
      dedupe_key text,
      created_at timestamptz NOT NULL,
      read_at timestamptz
    )`,
    'CREATE INDEX user_notifications_user ON user_notifications (user_id, id DESC)',
    'CREATE UNIQUE INDEX user_notifications_dedupe ON user_notifications (user_id, dedupe_key)',
  ],
};
