import type { Migration } from '../../db/migrations.js';

/**
 * Version 33: personal API keys (issue 42). The secret is sealed with a server key (AES-256-GCM, as
 * the authenticator secrets are) because every signed call needs it back to recompute the HMAC; the
 * passphrase is only compared, so it is kept as a keyed hash (docs/decisions.md). A deleted key
 * keeps its row, marked, so its last use stays on record.
 */
export const apiKeysMigration: Migration = {
  version: 33,
  name: 'api keys',
  statements: [
    `CREATE TABLE api_keys (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      api_key uuid NOT NULL UNIQUE,
      label text NOT NULL,
      permissions text[] NOT NULL,
      ip_allowlist text[] NOT NULL,
      secret_sealed text NOT NULL,
      passphrase_hash text NOT NULL,
      expires_at timestamptz,
      created_at timestamptz NOT NULL,
      last_used_at timestamptz,
      last_used_ip text,
      deleted_at timestamptz
    )`,
    `CREATE INDEX api_keys_live_of_user ON api_keys (user_id, created_at) WHERE deleted_at IS NULL`,
  ],
};
