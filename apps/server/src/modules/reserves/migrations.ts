import type { Migration } from '../../db/migrations.js';

/**
 * Version 39, proof of reserves (issue 44): each snapshot with its root, totals and reserves, and
 * each user's leaf (nonce and balances) so their proof can be made again for as long as it is kept.
 */
export const reservesMigration: Migration = {
  version: 39,
  name: 'proof-of-reserves',
  statements: [
    `CREATE TABLE reserve_snapshots (
      id text PRIMARY KEY,
      seq bigserial NOT NULL UNIQUE,
      taken_at timestamptz NOT NULL,
      assets jsonb NOT NULL,
      root_hash text NOT NULL,
      totals jsonb NOT NULL,
      ledger_totals jsonb NOT NULL,
      reserves jsonb NOT NULL,
      users integer NOT NULL
    )`,
    `CREATE TABLE reserve_leaves (
      snapshot_id text NOT NULL REFERENCES reserve_snapshots(id) ON DELETE CASCADE,
      idx integer NOT NULL,
      user_id uuid NOT NULL,
      nonce text NOT NULL,
      balances jsonb NOT NULL,
      PRIMARY KEY (snapshot_id, idx),
      UNIQUE (snapshot_id, user_id)
    )`,
  ],
};
