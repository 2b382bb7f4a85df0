import type { Migration } from '../../db/migrations.js';
import { ORDER_ID_BLOCK } from './order-service.js';

/**
 * Schema of spot trading (issue 04). Amounts are NUMERIC like the ledger; `seq` is the order's id
 * as a number, which orders placements and so rebuilds the books' time priority.
 */
const spotTables: Migration = {
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

/** Version 6: spot rows carry no foreign keys either, for the same reason as the ledger's (version 5). */
const spotWritePath: Migration = {
  version: 6,
  name: 'spot-write-path-without-foreign-keys',
  statements: [
    'ALTER TABLE spot_orders DROP CONSTRAINT IF EXISTS spot_orders_hold_id_fkey',
    'ALTER TABLE spot_orders DROP CONSTRAINT IF EXISTS spot_orders_user_id_fkey',
    'ALTER TABLE spot_fills DROP CONSTRAINT IF EXISTS spot_fills_order_id_fkey',
  ],
};

/** Version 7: order ids from the database, a block per process (order-service.ts, ORDER_ID_BLOCK). */
const spotOrderIds: Migration = {
  version: 7,
  name: 'spot-order-id-sequence',
  statements: [
    `CREATE SEQUENCE spot_order_ids INCREMENT BY ${ORDER_ID_BLOCK} MINVALUE 1 START WITH 1`,
    `SELECT setval('spot_order_ids', COALESCE((SELECT max(seq) FROM spot_orders), 0) + 1, false)`,
  ],
};

/**
 * Version 59: an order carries the client's own id and tag (OKX's clOrdId and tag; '' when none). A
 * clOrdId is unique among the user's live orders, as OKX has it: the venues' owner checks that in
 * memory, where the live orders are, so the index only finds an order by it (the newest first).
 */
const spotClientIds: Migration = {
  version: 59,
  name: 'spot-order-client-ids',
  statements: [
    `ALTER TABLE spot_orders ADD COLUMN cl_ord_id text NOT NULL DEFAULT '', ADD COLUMN tag text NOT NULL DEFAULT ''`,
    `CREATE INDEX spot_orders_cl_ord_id ON spot_orders (user_id, cl_ord_id, seq DESC) WHERE cl_ord_id <> ''`,
  ],
};

/**
 * Version 61: an order's id is its seq written out (`applyPlace` in order-service.ts), so the primary
 * key keeps seq unique by itself; the second unique index only cost each new order one more index
 * entry (about a tenth of the WAL a resting order writes: docs/benchmarks.md).
 */
const spotSeqKey: Migration = {
  version: 61,
  name: 'spot-orders-without-seq-key',
  statements: ['ALTER TABLE spot_orders DROP CONSTRAINT IF EXISTS spot_orders_seq_key'],
};

export const spotMigrations: Migration[] = [spotTables, spotWritePath, spotOrderIds, spotClientIds, spotSeqKey];
