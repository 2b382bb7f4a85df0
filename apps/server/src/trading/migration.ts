/**
 * Schema of spot trading (issue 04), appended as version 4 in src/db/migrations.ts. Amounts are
 * NUMERIC like the ledger; `seq` is the placement order, which rebuilds the books' time priority.
 */
export const tradingMigration = {
  version: 4,
  name: 'spot-orders',
  statements: [
    `CREATE TABLE spot_orders (
      id text PRIMARY KEY,
      seq bigint NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      coin_id integer NOT NULL,
      symbol text NOT NULL,
      side text NOT NULL CHECK (side IN ('buy', 'sell')),
      exec_type text NOT NULL CHECK (exec_type IN ('limit', 'market', 'stop-limit')),
      tif text NOT NULL,
      price numeric(36, 18),
      stop_price numeric(36, 18),
      amount numeric(36, 18) NOT NULL,
      budget numeric(36, 18),
      filled numeric(36, 18) NOT NULL DEFAULT 0,
      filled_quote numeric(36, 18) NOT NULL DEFAULT 0,
      fee numeric(36, 18) NOT NULL DEFAULT 0,
      fee_asset text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'partially filled', 'filled', 'canceled')),
      is_open boolean NOT NULL,
      triggered boolean NOT NULL DEFAULT false,
      hold_id uuid REFERENCES holds(id),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`,
    `CREATE INDEX spot_orders_user_time ON spot_orders (user_id, seq DESC)`,
    `CREATE INDEX spot_orders_open ON spot_orders (symbol, seq) WHERE is_open`,
    `CREATE TABLE spot_fills (
      id bigserial PRIMARY KEY,
      trade_id bigint NOT NULL,
      order_id text NOT NULL REFERENCES spot_orders(id),
      user_id uuid NOT NULL,
      symbol text NOT NULL,
      side text NOT NULL,
      role text NOT NULL CHECK (role IN ('maker', 'taker')),
      price numeric(36, 18) NOT NULL,
      qty numeric(36, 18) NOT NULL,
      fee numeric(36, 18) NOT NULL,
      fee_asset text NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    `CREATE INDEX spot_fills_order ON spot_fills (order_id)`,
  ],
};

/**
 * Version 5: the batch write's rows carry no foreign keys. Each check locked its referenced row
 * FOR KEY SHARE, a tuple lock written to the heap and the WAL, on the hottest rows there are
 * (the balances the same statement updates, the users placing): a quarter of PostgreSQL's CPU per
 * order. The referenced rows are never deleted and are written by the same statement or read from
 * the database just before; `checkLedger` (rule `dangling_reference`) finds any orphan instead.
 * docs/decisions.md, "No foreign keys on the order write path".
 */
export const tradingWritePathMigration = {
  version: 5,
  name: 'spot-write-path-without-foreign-keys',
  statements: [
    'ALTER TABLE journal_entries DROP CONSTRAINT IF EXISTS journal_entries_transaction_id_fkey',
    'ALTER TABLE journal_entries DROP CONSTRAINT IF EXISTS journal_entries_account_id_fkey',
    'ALTER TABLE holds DROP CONSTRAINT IF EXISTS holds_account_id_fkey',
    'ALTER TABLE spot_orders DROP CONSTRAINT IF EXISTS spot_orders_hold_id_fkey',
    'ALTER TABLE spot_orders DROP CONSTRAINT IF EXISTS spot_orders_user_id_fkey',
    'ALTER TABLE spot_fills DROP CONSTRAINT IF EXISTS spot_fills_order_id_fkey',
  ],
};
