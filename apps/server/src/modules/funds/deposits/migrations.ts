import type { Migration } from '../../../db/migrations.js';

/**
 * Deposits (issue 16): what the watcher saw and did, its scan position per network, and the chain
 * simulator's own transfers (the simulated chains' storage, not the exchange's books).
 */
export const depositsMigration: Migration = {
  version: 14,
  name: 'deposits',
  statements: [
    `CREATE TABLE simulated_chain_transfers (
      network_id integer NOT NULL,
      tx_hash text NOT NULL,
      idx integer NOT NULL,
      block_height bigint NOT NULL,
      to_address text NOT NULL,
      memo text,
      symbol text NOT NULL,
      amount numeric(36, 18) NOT NULL,
      PRIMARY KEY (network_id, tx_hash, idx)
    )`,
    `CREATE INDEX simulated_chain_transfers_block ON simulated_chain_transfers (network_id, block_height)`,
    `CREATE TABLE deposits (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      user_id uuid NOT NULL,
      network_id integer NOT NULL,
      symbol text NOT NULL,
      tx_hash text NOT NULL,
      idx integer NOT NULL,
      block_height bigint NOT NULL,
      address text NOT NULL,
      memo text,
      amount numeric(36, 18) NOT NULL,
      confirmations integer NOT NULL,
      status text NOT NULL CHECK (status IN ('submitted', 'accepted', 'credited', 'skipped', 'rejected')),
      reason text,
      created_at timestamptz NOT NULL,
      credited_at timestamptz,
      UNIQUE (network_id, tx_hash, idx)
    )`,
    `CREATE INDEX deposits_user ON deposits (user_id, seq DESC)`,
    `CREATE INDEX deposits_open ON deposits (network_id) WHERE status IN ('submitted', 'accepted')`,
    `CREATE TABLE deposit_scans (
      network_id integer PRIMARY KEY,
      height bigint NOT NULL
    )`,
  ],
};

/**
 * A deposit whose credit failed (issue 14 #2) keeps its place: how often it failed, when it is tried
 * again, and the last error, for the operator; the deposits behind it go on meanwhile.
 */
export const depositRetriesMigration: Migration = {
  version: 24,
  name: 'deposit credit retries',
  statements: [
    `ALTER TABLE deposits ADD COLUMN credit_attempts integer NOT NULL DEFAULT 0`,
    `ALTER TABLE deposits ADD COLUMN next_attempt_at timestamptz`,
    `ALTER TABLE deposits ADD COLUMN last_error text`,
    `CREATE INDEX deposits_failing ON deposits (network_id) WHERE credit_attempts > 0 AND status IN ('submitted', 'accepted')`,
  ],
};

/**
 * An operator's decision on a deposit the watcher did not credit (issue 43, "Deposits"): who and
 * when, so a decided deposit leaves the console's lists and is never decided twice.
 */
export const depositDecisionsMigration: Migration = {
  version: 53,
  name: 'deposit decisions',
  statements: [
    `ALTER TABLE deposits ADD COLUMN decided_by text`,
    `ALTER TABLE deposits ADD COLUMN decided_at timestamptz`,
    `CREATE INDEX deposits_undecided ON deposits (seq) WHERE decided_at IS NULL AND status IN ('skipped', 'rejected')`,
    `CREATE INDEX deposits_decided ON deposits (decided_at DESC, seq) WHERE decided_at IS NOT NULL`,
  ],
};

/**
 * A deposit to an address of the exchange with a memo (tag) that is no user's (issue 43): recorded
 * as `unclaimed`, with no user, credited by nobody until an operator names its user or refuses it.
 */
export const unclaimedDepositsMigration: Migration = {
  version: 56,
  name: 'unclaimed deposits',
  statements: [
    `ALTER TABLE deposits ALTER COLUMN user_id DROP NOT NULL`,
    `ALTER TABLE deposits DROP CONSTRAINT deposits_status_check`,
    `ALTER TABLE deposits ADD CONSTRAINT deposits_status_check CHECK (status IN ('submitted', 'accepted', 'credited', 'skipped', 'rejected', 'unclaimed'))`,
    `ALTER TABLE deposits ADD CONSTRAINT deposits_user_known CHECK (user_id IS NOT NULL OR status IN ('unclaimed', 'rejected'))`,
    `CREATE INDEX deposits_unclaimed ON deposits (seq) WHERE decided_at IS NULL AND status = 'unclaimed'`,
  ],
};
