import type { Migration } from '../../db/migrations.js';
import { POSITION_ID_BLOCK } from './ids.js';

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
      listed_at timestamptz NOT NULL
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
      action text NOT NULL CHECK (action IN ('open', 'close', 'liquidation', 'adl')),
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

export const futuresMigrations: Migration[] = [futuresTables];
