import type { Migration } from '../../db/migrations.js';

/**
 * Identity verification (issue 17): one row per upload. The images stay on disk under DATA_DIR
 * (storage.ts); the row names them, the review's outcome and the reason of a rejection.
 * users.identity_status stays the status every other module reads.
 */
export const kycMigration: Migration = {
  version: 16,
  name: 'kyc submissions',
  statements: [
    `CREATE TABLE kyc_submissions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      document_type text NOT NULL,
      country text,
      files text[] NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
      submitted_at timestamptz NOT NULL,
      reviewed_at timestamptz,
      reviewed_by text,
      rejection_reason text
    )`,
    // One submission under review per user, whatever races the upload route loses.
    `CREATE UNIQUE INDEX kyc_submissions_one_pending ON kyc_submissions (user_id) WHERE status = 'pending'`,
    `CREATE INDEX kyc_submissions_pending_since ON kyc_submissions (submitted_at) WHERE status = 'pending'`,
    `CREATE INDEX kyc_submissions_user ON kyc_submissions (user_id, submitted_at DESC)`,
  ],
};
