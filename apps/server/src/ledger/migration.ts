import type { Migration } from '../db/migrations.js';

/** Schema of the double-entry ledger (issue 03). One statement per entry: PGlite runs a single statement at a time. */
const ledgerTables: Migration = {
  version: 3,
  name: 'ledger',
  statements: [
    `CREATE TABLE ledger_accounts (
      id uuid PRIMARY KEY,
      owner text NOT NULL,
      asset text NOT NULL,
      wallet text NOT NULL CHECK (wallet IN ('spot', 'futures', 'funding')),
      available numeric(36, 18) NOT NULL DEFAULT 0,
      locked numeric(36, 18) NOT NULL DEFAULT 0,
      allow_negative boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ledger_accounts_owner_asset_wallet_key UNIQUE (owner, asset, wallet),
      CONSTRAINT ledger_accounts_non_negative CHECK (allow_negative OR (available >= 0 AND locked >= 0))
    )`,
    `CREATE TABLE journal_transactions (
      id uuid PRIMARY KEY,
      kind text NOT NULL,
      user_id uuid,
      ref text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX journal_transactions_user ON journal_transactions (user_id, created_at DESC)`,
    `CREATE TABLE journal_entries (
      id bigserial PRIMARY KEY,
      transaction_id uuid NOT NULL REFERENCES journal_transactions(id),
      account_id uuid NOT NULL REFERENCES ledger_accounts(id),
      asset text NOT NULL,
      amount numeric(36, 18) NOT NULL CHECK (amount <> 0)
    )`,
    `CREATE INDEX journal_entries_account ON journal_entries (account_id)`,
    `CREATE INDEX journal_entries_transaction ON journal_entries (transaction_id)`,
    `CREATE TABLE holds (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES ledger_accounts(id),
      amount numeric(36, 18) NOT NULL CHECK (amount >= 0),
      reason text NOT NULL,
      ref text,
      status text NOT NULL CHECK (status IN ('live', 'released', 'consumed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX holds_live_account ON holds (account_id) WHERE status = 'live'`,
    `CREATE TABLE transfers (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      symbol text NOT NULL,
      amount numeric(36, 18) NOT NULL CHECK (amount > 0),
      from_wallet text NOT NULL,
      to_wallet text NOT NULL,
      status text NOT NULL,
      transaction_id uuid NOT NULL REFERENCES journal_transactions(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX transfers_user_time ON transfers (user_id, created_at DESC)`,
    `CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      request_hash text NOT NULL,
      response jsonb,
      status_code integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )`,
  ],
};

/**
 * Version 5: the ledger's rows carry no foreign keys. Each check locked its referenced row FOR KEY
 * SHARE, a tuple lock written to the heap and the WAL, on the hottest rows there are (the balances
 * the same batch statement updates): a quarter of PostgreSQL's CPU per order. Accounts and journal
 * transactions are never deleted, and every reference is written by the same statement or was read
 * from the database just before; `checkLedger` (rule `dangling_reference`) finds any orphan
 * instead. docs/decisions.md, "No foreign keys on the order write path". (Databases created before
 * this split ran the spot module's drops under this version too; they are idempotent.)
 */
const ledgerWritePath: Migration = {
  version: 5,
  name: 'ledger-write-path-without-foreign-keys',
  statements: [
    'ALTER TABLE journal_entries DROP CONSTRAINT IF EXISTS journal_entries_transaction_id_fkey',
    'ALTER TABLE journal_entries DROP CONSTRAINT IF EXISTS journal_entries_account_id_fkey',
    'ALTER TABLE holds DROP CONSTRAINT IF EXISTS holds_account_id_fkey',
  ],
};

export const ledgerMigrations: Migration[] = [ledgerTables, ledgerWritePath];
