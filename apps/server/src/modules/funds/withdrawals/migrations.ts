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

/**
 * Withdrawals confirmed by an emailed code (issue 14 #4): a withdrawal is stored `unconfirmed`,
 * holding nothing, with the hash of its code; it is held once confirmed, or `expired`. The address
 * book takes other users too (issue 14 #3), so "whitelist only" covers internal withdrawals.
 */
export const withdrawalConfirmationMigration: Migration = {
  version: 25,
  name: 'withdrawal confirmation',
  statements: [
    `ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`,
    `ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN
      ('unconfirmed', 'prepared', 'review', 'processing', 'completed', 'failed', 'rejected', 'cancelled', 'expired'))`,
    `ALTER TABLE withdrawals ADD COLUMN confirm_code_hash text`,
    `ALTER TABLE withdrawals ADD COLUMN confirm_attempts integer NOT NULL DEFAULT 0`,
    `ALTER TABLE withdrawals ADD COLUMN confirm_mails integer NOT NULL DEFAULT 0`,
    `ALTER TABLE withdrawals ADD COLUMN confirm_sent_at timestamptz`,
    `ALTER TABLE withdrawals ADD COLUMN confirm_expires_at timestamptz`,
    `CREATE INDEX withdrawals_unconfirmed ON withdrawals (confirm_expires_at) WHERE status = 'unconfirmed'`,
    `ALTER TABLE withdraw_addresses ALTER COLUMN network_id DROP NOT NULL`,
    `ALTER TABLE withdraw_addresses ADD COLUMN recipient_id uuid`,
    `CREATE UNIQUE INDEX withdraw_addresses_recipient ON withdraw_addresses (user_id, recipient_id) WHERE recipient_id IS NOT NULL`,
  ],
};
