import type { Migration } from '../../db/migrations.js';

/** Version 22: who referred a user, set once at sign-up from the code they signed up with. */
export const referralMigration: Migration = {
  version: 22,
  name: 'referrals',
  statements: [
    'ALTER TABLE users ADD COLUMN referred_by uuid REFERENCES users(id) ON DELETE SET NULL',
    'CREATE INDEX users_referred_by ON users (referred_by, created_at DESC) WHERE referred_by IS NOT NULL',
  ],
};
