import type { Migration } from '../../../db/migrations.js';

/**
 * Withdrawals (issue 16, peatio's withdraw model): each request with its hold and its life on
 * chain, the address book and its "whitelist only" switch, the 24-hour lock a password or email
 * change sets, and the simulated chains' failed payouts.
 */
export const withdrawalsMigration: Migration = {
  version: 15,
  name: 'withdrawals',
  statements: [
    `CREATE TABLE withdrawals (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      user_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('onchain', 'internal')),
      source text NOT NULL CHECK (source IN ('funding', 'spot')),
      symbol text NOT NULL,
      network_id integer,
      address text NOT NULL,
      memo text,
      recipient_id uuid,
      amount numeric(36, 18) NOT NULL CHECK (amount > 0),
      fee numeric(36, 18) NOT NULL CHECK (fee >= 0),
      value_usdt numeric(36, 18) NOT NULL,
      status text NOT NULL CHECK (status IN ('prepared', 'review', 'processing', 'completed', 'failed', 'rejected', 'cancelled')),
      tx_hash text,
      raw_tx text,
      confirmations integer NOT NULL DEFAULT 0,
      reason text,
      hold_id uuid,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `CREATE INDEX withdrawals_user ON withdrawals (user_id, seq DESC)`,
    `CREATE INDEX withdrawals_open ON withdrawals (status) WHERE status IN ('prepared', 'review', 'processing')`,
    `CREATE INDEX withdrawals_user_day ON withdrawals (user_id, created_at)`,
    `CREATE TABLE withdraw_addresses (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      label text NOT NULL,
      network_id integer NOT NULL,
      address text NOT NULL,
      memo text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL,
      UNIQUE (user_id, network_id, address, memo)
    )`,
    `CREATE TABLE withdraw_settings (
      user_id uuid PRIMARY KEY,
      whitelist_only boolean NOT NULL DEFAULT false
    )`,
    `ALTER TABLE users ADD COLUMN withdrawals_locked_until timestamptz`,
    `ALTER TABLE simulated_chain_transfers ADD COLUMN failed boolean NOT NULL DEFAULT false`,
  ],
};
