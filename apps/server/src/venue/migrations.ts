import type { Migration } from '../db/migrations.js';
import { TRADE_ID_BLOCK } from './venues.js';

/** The venues' trades, and the sequence their ids come from (venue/venues.ts, TRADE_ID_BLOCK). */
export const venueMigrations: Migration[] = [
  {
    version: 2,
    name: 'trades',
    statements: [
      `CREATE TABLE trades (
        id bigint PRIMARY KEY,
        symbol text NOT NULL,
        price numeric NOT NULL,
        qty numeric NOT NULL,
        taker_side text NOT NULL CHECK (taker_side IN ('buy', 'sell')),
        maker_order_id text NOT NULL,
        taker_order_id text NOT NULL,
        created_at timestamptz NOT NULL
      )`,
      `CREATE INDEX trades_symbol_time ON trades (symbol, created_at)`,
      `CREATE INDEX trades_time ON trades (created_at)`,
    ],
  },
  {
    version: 8,
    name: 'trade-id-sequence',
    statements: [
      `CREATE SEQUENCE trade_ids INCREMENT BY ${TRADE_ID_BLOCK} MINVALUE 1 START WITH 1`,
      `SELECT setval('trade_ids', COALESCE((SELECT max(id) FROM trades), 0) + 1, false)`,
    ],
  },
  {
    // Issue 43: a market an administrator halted refuses new orders (market-halts.ts); resuming deletes the row.
    version: 51,
    name: 'market halts',
    statements: [
      `CREATE TABLE market_halts (
        inst_id text PRIMARY KEY,
        reason text NOT NULL,
        halted_at timestamptz NOT NULL,
        halted_by text NOT NULL
      )`,
    ],
  },
  {
    // Issue 43: a market an administrator listed while the exchange ran (market-listings.ts): every
    // process lists it from this row, at start and when told or polling.
    version: 54,
    name: 'market listings',
    statements: [
      `CREATE TABLE market_listings (
        inst_id text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('spot', 'swap')),
        symbol text NOT NULL,
        tick_size numeric NOT NULL CHECK (tick_size > 0),
        lot_size numeric NOT NULL CHECK (lot_size > 0),
        min_size numeric NOT NULL CHECK (min_size > 0),
        max_size numeric NOT NULL CHECK (max_size >= min_size),
        max_leverage integer,
        listed_at timestamptz NOT NULL,
        listed_by text NOT NULL
      )`,
    ],
  },
];
