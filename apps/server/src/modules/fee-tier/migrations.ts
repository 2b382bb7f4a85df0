import type { Migration } from '../../db/migrations.js';

/**
 * Version 19, the fee tier (issue 17): a user's fills by time, which the 30-day volume reads.
 * users.tier (version 1) is no longer read: the tier is worked out from the fills and balances. It
 * stays, so that a process still running the previous release keeps answering during a deploy.
 */
export const feeTierMigration: Migration = {
  version: 19,
  name: 'fee-tier',
  statements: [
    'CREATE INDEX IF NOT EXISTS spot_fills_user_time ON spot_fills (user_id, created_at)',
    'CREATE INDEX IF NOT EXISTS futures_fills_user_time ON futures_fills (user_id, created_at)',
  ],
};
