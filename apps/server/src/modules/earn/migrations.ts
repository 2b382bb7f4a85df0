import type { Migration } from '../../db/migrations.js';
import { productId, productSeeds } from './catalogue.js';

/**
 * Earn (issue 18): products, each subscription as a position whose principal sits in
 * `system:earn-custody`, its redemption, one accrual row per product and UTC day (the primary key
 * makes a second payment of a day fail its statement), the interest of each position per day, the
 * Auto-earn switches and the day each Auto-earn sweep ran. The money is in the journal (kinds
 * `earn_subscribe`, `earn_redeem`, `earn_interest`).
 */
const earnTables: Migration = {
  version: 20,
  name: 'earn',
  statements: [
    `CREATE TABLE earn_products (
      id text PRIMARY KEY,
      symbol text NOT NULL,
      apr numeric(12, 8) NOT NULL CHECK (apr >= 0 AND apr < 10),
      term_days integer CHECK (term_days IS NULL OR term_days > 0),
      min_amount numeric(36, 18) NOT NULL CHECK (min_amount > 0),
      sort integer NOT NULL,
      UNIQUE (symbol, term_days)
    )`,
    `CREATE UNIQUE INDEX earn_products_flexible ON earn_products (symbol) WHERE term_days IS NULL`,
    `CREATE TABLE earn_positions (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL,
      user_id uuid NOT NULL,
      product_id text NOT NULL,
      symbol text NOT NULL,
      source text NOT NULL CHECK (source IN ('funding', 'spot')),
      principal numeric(36, 18) NOT NULL CHECK (principal > 0),
      term_days integer,
      auto boolean NOT NULL,
      status text NOT NULL CHECK (status IN ('active', 'redeeming', 'redeemed')),
      subscribed_at timestamptz NOT NULL,
      accrues_from timestamptz NOT NULL,
      matures_at timestamptz,
      redeem_requested_at timestamptz,
      redeemed_at timestamptz
    )`,
    `CREATE INDEX earn_positions_user ON earn_positions (user_id, seq DESC)`,
    `CREATE INDEX earn_positions_product ON earn_positions (product_id, accrues_from)`,
    `CREATE INDEX earn_positions_redeeming ON earn_positions (redeem_requested_at) WHERE status = 'redeeming'`,
    `CREATE TABLE earn_redemptions (
      position_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      amount numeric(36, 18) NOT NULL,
      wallet text NOT NULL,
      redeemed_at timestamptz NOT NULL
    )`,
    `CREATE TABLE earn_accruals (
      product_id text NOT NULL,
      day date NOT NULL,
      apr numeric(12, 8) NOT NULL,
      total numeric(36, 18) NOT NULL,
      positions integer NOT NULL,
      paid_at timestamptz NOT NULL,
      PRIMARY KEY (product_id, day)
    )`,
    `CREATE TABLE earn_interest (
      position_id uuid NOT NULL,
      day date NOT NULL,
      user_id uuid NOT NULL,
      product_id text NOT NULL,
      symbol text NOT NULL,
      principal numeric(36, 18) NOT NULL,
      apr numeric(12, 8) NOT NULL,
      amount numeric(36, 18) NOT NULL CHECK (amount > 0),
      PRIMARY KEY (position_id, day)
    )`,
    `CREATE INDEX earn_interest_user ON earn_interest (user_id, day DESC)`,
    `CREATE TABLE earn_auto (
      user_id uuid NOT NULL,
      symbol text NOT NULL,
      enabled boolean NOT NULL,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (user_id, symbol)
    )`,
    `CREATE INDEX earn_auto_enabled ON earn_auto (symbol) WHERE enabled`,
    `CREATE TABLE earn_sweeps (
      day date PRIMARY KEY,
      swept_at timestamptz NOT NULL
    )`,
  ],
};

const literal = (value: string | number | null): string => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`);
const productRows = productSeeds.map(
  (p, i) => `(${[productId(p), p.symbol, p.apr, p.termDays, p.minAmount, i + 1].map((v) => literal(v)).join(', ')})`,
);

/** The products of `catalogue.ts`, as they were when this version was written (later changes are new versions). */
const earnProductSeed: Migration = {
  version: 21,
  name: 'earn products',
  statements: [`INSERT INTO earn_products (id, symbol, apr, term_days, min_amount, sort) VALUES ${productRows.join(', ')}`],
};

/**
 * Partial redemptions (issue 40): each one lowers its position's principal in the statement that
 * moves the amount back and writes its row here. `redeem_amount` is the amount a claimed position is
 * being redeemed by (null for all of it), so a claim abandoned by a dead process is finished as asked.
 */
const earnPartialRedemptions: Migration = {
  version: 28,
  name: 'earn partial redemptions',
  statements: [
    `ALTER TABLE earn_positions ADD COLUMN redeem_amount numeric(36, 18) CHECK (redeem_amount IS NULL OR redeem_amount > 0)`,
    `CREATE TABLE earn_partial_redemptions (
      id uuid PRIMARY KEY,
      position_id uuid NOT NULL,
      user_id uuid NOT NULL,
      amount numeric(36, 18) NOT NULL CHECK (amount > 0),
      wallet text NOT NULL,
      redeemed_at timestamptz NOT NULL
    )`,
    `CREATE INDEX earn_partial_redemptions_position ON earn_partial_redemptions (position_id, redeemed_at)`,
  ],
};

export const earnMigrations: Migration[] = [earnTables, earnProductSeed, earnPartialRedemptions];
