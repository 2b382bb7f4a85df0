import type { Migration } from '../../db/migrations.js';
import { regroupHoldsStatements } from '../../ledger/hold-regroup.js';
import { fundingPaymentsMigration } from './funding-payments.js';
import { POSITION_ID_BLOCK } from './ids.js';
import { positionModeMigration } from './position-mode.js';

/**
 * Schema of perpetual futures (issue 14). Amounts are NUMERIC like the ledger's; no foreign keys on
 * the write path, as for spot (versions 5 and 6): `ledger:check` checks the references.
 */
const futuresTables: Migration = {
  version: 11,
  name: 'futures',
  statements: [
    `CREATE TABLE futures_contracts (
      inst_id text PRIMARY KEY,
      symbol text NOT NULL,
      type text NOT NULL CHECK (type IN ('perpetual', 'expiry')),
      listed_at timestamptz NOT NULL,
      expiry_at timestamptz,
      settled_at timestamptz,
      settlement_price numeric(36, 18)
    )`,
    `CREATE TABLE futures_positions (
      id text PRIMARY KEY,
      seq bigint NOT NULL UNIQUE,
      user_id uuid NOT NULL,
      inst_id text NOT NULL,
      coin_id integer NOT NULL,
      symbol text NOT NULL,
      side text NOT NULL CHECK (side IN ('long', 'short')),
      margin_mode text NOT NULL CHECK (margin_mode IN ('isolated', 'cross')),
      order_type text NOT NULL CHECK (order_type IN ('limit', 'market')),
      leverage integer NOT NULL,
      order_price numeric(36, 18),
      order_qty numeric(36, 18) NOT NULL,
      filled numeric(36, 18) NOT NULL,
      entry_cost numeric(36, 18) NOT NULL,
      qty numeric(36, 18) NOT NULL,
      cost numeric(36, 18) NOT NULL,
      margin numeric(36, 18) NOT NULL,
      fee numeric(36, 18) NOT NULL,
      funding numeric(36, 18) NOT NULL,
      realized_pnl numeric(36, 18) NOT NULL,
      returned numeric(36, 18) NOT NULL,
      take_profit numeric(36, 18),
      stop_loss numeric(36, 18),
      status text NOT NULL CHECK (status IN ('pending', 'active', 'closed', 'liquidated', 'canceled')),
      order_open boolean NOT NULL,
      close_price numeric(36, 18),
      hold_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      closed_at timestamptz
    )`,
    `CREATE INDEX futures_positions_user ON futures_positions (user_id, seq DESC)`,
    `CREATE INDEX futures_positions_open ON futures_positions (inst_id, seq) WHERE status IN ('pending', 'active')`,
    `CREATE TABLE futures_system_positions (
      inst_id text NOT NULL,
      owner text NOT NULL,
      qty numeric(36, 18) NOT NULL,
      cost numeric(36, 18) NOT NULL,
      PRIMARY KEY (inst_id, owner)
    )`,
    `CREATE TABLE futures_fills (
      id bigserial PRIMARY KEY,
      trade_id bigint,
      position_id text NOT NULL,
      user_id uuid NOT NULL,
      inst_id text NOT NULL,
      action text NOT NULL CHECK (action IN ('open', 'close', 'liquidation', 'adl', 'delivery')),
      price numeric(36, 18) NOT NULL,
      qty numeric(36, 18) NOT NULL,
      fee numeric(36, 18) NOT NULL,
      pnl numeric(36, 18) NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    `CREATE INDEX futures_fills_position ON futures_fills (position_id)`,
    `CREATE TABLE futures_funding (
      inst_id text NOT NULL,
      funding_time bigint NOT NULL,
      rate numeric(36, 18) NOT NULL,
      mark numeric(36, 18) NOT NULL,
      PRIMARY KEY (inst_id, funding_time)
    )`,
    `CREATE SEQUENCE futures_position_ids INCREMENT BY ${POSITION_ID_BLOCK} MINVALUE 1 START WITH 1`,
  ],
};

/**
 * Issue 41: one position per (user, contract, side, margin mode). `futures_positions` keeps the
 * orders (spec 2's history rows, `future_id`), each pointing at the position its fills went to;
 * `futures_user_positions` holds the positions. The old per-order positions merge: the open ones of
 * one key become one position (sums of their size, cost, margin, fees, funding and profit), each
 * closed one a closed position of its own; fills name their position and their order. The margin
 * moves from the orders' holds to the position's one hold on the same account, so no balance
 * changes (available and locked stay as they were; `ledger:check` holds before and after).
 */
const userPositions: Migration = {
  version: 32,
  name: 'futures positions per contract and side',
  statements: [
    `CREATE TABLE futures_user_positions (
      id text PRIMARY KEY,
      seq bigint NOT NULL UNIQUE,
      user_id uuid NOT NULL,
      inst_id text NOT NULL,
      coin_id integer NOT NULL,
      symbol text NOT NULL,
      side text NOT NULL CHECK (side IN ('long', 'short')),
      margin_mode text NOT NULL CHECK (margin_mode IN ('isolated', 'cross')),
      leverage integer NOT NULL,
      opened_qty numeric(36, 18) NOT NULL,
      opened_cost numeric(36, 18) NOT NULL,
      qty numeric(36, 18) NOT NULL,
      cost numeric(36, 18) NOT NULL,
      margin numeric(36, 18) NOT NULL,
      fee numeric(36, 18) NOT NULL,
      funding numeric(36, 18) NOT NULL,
      realized_pnl numeric(36, 18) NOT NULL,
      returned numeric(36, 18) NOT NULL,
      take_profit numeric(36, 18),
      stop_loss numeric(36, 18),
      status text NOT NULL CHECK (status IN ('active', 'closed', 'liquidated')),
      close_price numeric(36, 18),
      hold_id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      closed_at timestamptz
    )`,
    // The database, not only the memory, keeps a key to one open position.
    `CREATE UNIQUE INDEX futures_user_positions_one_open ON futures_user_positions (user_id, inst_id, side, margin_mode) WHERE status = 'active'`,
    `CREATE INDEX futures_user_positions_user ON futures_user_positions (user_id, seq DESC)`,
    `ALTER TABLE futures_positions ADD COLUMN position_id text, ADD COLUMN reduce_only boolean NOT NULL DEFAULT false,
      ALTER COLUMN hold_id DROP NOT NULL`,
    `CREATE INDEX futures_positions_resting ON futures_positions (inst_id, seq) WHERE order_open`,
    `ALTER TABLE futures_fills ADD COLUMN order_id text`,
    `CREATE TABLE futures_positions_merge AS
      SELECT o.id AS order_id, g.position_id FROM futures_positions o
      JOIN (SELECT user_id, inst_id, side, margin_mode, min(seq)::text AS position_id FROM futures_positions
            WHERE status = 'active' AND qty > 0 GROUP BY user_id, inst_id, side, margin_mode) g
        USING (user_id, inst_id, side, margin_mode)
      WHERE o.status = 'active' AND o.qty > 0
      UNION ALL SELECT id, id FROM futures_positions WHERE filled > 0 AND NOT (status = 'active' AND qty > 0)`,
    `INSERT INTO futures_user_positions (id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, leverage, opened_qty, opened_cost, qty, cost,
        margin, fee, funding, realized_pnl, returned, take_profit, stop_loss, status, close_price, hold_id, created_at, updated_at, closed_at)
      SELECT m.position_id, min(o.seq), o.user_id, o.inst_id, min(o.coin_id), min(o.symbol), o.side, o.margin_mode,
        (array_agg(o.leverage ORDER BY o.seq DESC))[1], sum(o.filled), sum(o.entry_cost), sum(o.qty), sum(o.cost), sum(o.margin), sum(o.fee), sum(o.funding),
        sum(o.realized_pnl), sum(o.returned), (array_agg(o.take_profit ORDER BY o.seq DESC))[1],
        (array_agg(o.stop_loss ORDER BY o.seq DESC))[1],
        CASE WHEN sum(o.qty) > 0 THEN 'active' WHEN bool_or(o.status = 'liquidated') THEN 'liquidated' ELSE 'closed' END,
        (array_agg(o.close_price ORDER BY o.seq DESC))[1], gen_random_uuid(), min(o.created_at), now(),
        CASE WHEN sum(o.qty) > 0 THEN NULL ELSE COALESCE(max(o.closed_at), now()) END
      FROM futures_positions_merge m JOIN futures_positions o ON o.id = m.order_id
      GROUP BY m.position_id, o.user_id, o.inst_id, o.side, o.margin_mode`,
    ...regroupHoldsStatements(
      `SELECT p.hold_id AS id, p.user_id::text AS owner, 'USDT' AS asset, 'futures' AS wallet, p.margin AS amount, 'margin' AS reason, p.id AS ref
        FROM futures_user_positions p`,
      `SELECT o.hold_id, o.margin AS amount FROM futures_positions o WHERE o.hold_id IS NOT NULL AND o.margin > 0`,
    ),
    `UPDATE futures_positions o SET position_id = m.position_id, qty = 0, cost = 0, margin = 0
      FROM futures_positions_merge m WHERE m.order_id = o.id`,
    `UPDATE futures_fills f SET order_id = f.position_id, position_id = m.position_id
      FROM futures_positions_merge m WHERE m.order_id = f.position_id`,
    `DROP TABLE futures_positions_merge`,
  ],
};

/**
 * The leverage a user set per contract, side and margin mode (issue 41): orders that name none use
 * it, and setting it re-margins the open position of that key.
 */
const leverageSettings: Migration = {
  version: 36,
  name: 'futures leverage settings',
  statements: [
    `CREATE TABLE futures_leverage (
      user_id uuid NOT NULL,
      inst_id text NOT NULL,
      side text NOT NULL CHECK (side IN ('long', 'short')),
      margin_mode text NOT NULL CHECK (margin_mode IN ('isolated', 'cross')),
      leverage integer NOT NULL CHECK (leverage BETWEEN 1 AND 125),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, inst_id, side, margin_mode)
    )`,
  ],
};

/** A position's take-profit and stop-loss watch the mark (as before) or the contract's last trade. */
const triggerBy: Migration = {
  version: 37,
  name: 'futures position trigger price kind',
  statements: [`ALTER TABLE futures_user_positions ADD COLUMN trigger_by text NOT NULL DEFAULT 'mark' CHECK (trigger_by IN ('mark', 'last'))`],
};

export const futuresMigrations: Migration[] = [futuresTables, userPositions, leverageSettings, triggerBy, fundingPaymentsMigration, positionModeMigration];
