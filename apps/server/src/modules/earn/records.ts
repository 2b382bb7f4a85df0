import { jsonRows, type RecordWriter } from '../../ledger/records.js';

export interface NewPositionRow {
  id: string;
  userId: string;
  productId: string;
  symbol: string;
  source: 'funding' | 'spot';
  principal: string;
  termDays: number | null;
  auto: boolean;
  subscribedAt: Date;
  accruesFrom: Date;
  maturesAt: Date | null;
}

/** A subscription, in the statement that moves its principal into custody. */
export const earnPositionsWriter: RecordWriter<NewPositionRow> = {
  name: 'earn_positions_new',
  paramCount: 1,
  sql: (n) => `INSERT INTO earn_positions (id, user_id, product_id, symbol, source, principal, term_days, auto, status, subscribed_at, accrues_from, matures_at)
  SELECT id, user_id, product_id, symbol, source, principal, term_days, auto, 'active', subscribed_at, accrues_from, matures_at
  FROM json_to_recordset($${n}::json) AS p(id uuid, user_id uuid, product_id text, symbol text, source text, principal numeric,
    term_days integer, auto boolean, subscribed_at timestamptz, accrues_from timestamptz, matures_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((p) => ({
        id: p.id,
        user_id: p.userId,
        product_id: p.productId,
        symbol: p.symbol,
        source: p.source,
        principal: p.principal,
        term_days: p.termDays,
        auto: p.auto,
        subscribed_at: p.subscribedAt.toISOString(),
        accrues_from: p.accruesFrom.toISOString(),
        matures_at: p.maturesAt?.toISOString() ?? null,
      })),
    ),
  ],
};

export interface RedemptionRow {
  positionId: string;
  userId: string;
  amount: string;
  wallet: 'funding' | 'spot';
  /** When the user asked: the position stops earning from then. */
  at: Date;
}

/** A redemption; its primary key makes a second redemption of one position fail its statement. */
export const earnRedemptionsWriter: RecordWriter<RedemptionRow> = {
  name: 'earn_redemptions',
  paramCount: 1,
  sql: (n) => `INSERT INTO earn_redemptions (position_id, user_id, amount, wallet, redeemed_at)
  SELECT position_id, user_id, amount, wallet, redeemed_at
  FROM json_to_recordset($${n}::json) AS r(position_id uuid, user_id uuid, amount numeric, wallet text, redeemed_at timestamptz)`,
  params: (rows) => [
    jsonRows(rows.map((r) => ({ position_id: r.positionId, user_id: r.userId, amount: r.amount, wallet: r.wallet, redeemed_at: r.at.toISOString() }))),
  ],
};

/** The position's end, in the same statement as its redemption. */
export const earnPositionsRedeemedWriter: RecordWriter<RedemptionRow> = {
  name: 'earn_positions_redeemed',
  paramCount: 1,
  sql: (n) => `UPDATE earn_positions p SET status = 'redeemed', redeemed_at = r.at, redeem_amount = NULL
  FROM json_to_recordset($${n}::json) AS r(id uuid, at timestamptz) WHERE p.id = r.id`,
  params: (rows) => [jsonRows(rows.map((r) => ({ id: r.positionId, at: r.at.toISOString() })))],
};

export interface PartialRedemptionRow extends RedemptionRow {
  id: string;
}

/** A part of a position redeemed; the position keeps the rest. */
export const earnPartialRedemptionsWriter: RecordWriter<PartialRedemptionRow> = {
  name: 'earn_partial_redemptions',
  paramCount: 1,
  sql: (n) => `INSERT INTO earn_partial_redemptions (id, position_id, user_id, amount, wallet, redeemed_at)
  SELECT id, position_id, user_id, amount, wallet, redeemed_at
  FROM json_to_recordset($${n}::json) AS r(id uuid, position_id uuid, user_id uuid, amount numeric, wallet text, redeemed_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((r) => ({ id: r.id, position_id: r.positionId, user_id: r.userId, amount: r.amount, wallet: r.wallet, redeemed_at: r.at.toISOString() })),
    ),
  ],
};

/**
 * The position's lower principal, active again, in the same statement as its partial redemption.
 * The principal's CHECK (> 0) refuses the statement rather than let a part exceed the whole.
 */
export const earnPositionsReducedWriter: RecordWriter<PartialRedemptionRow> = {
  name: 'earn_positions_reduced',
  paramCount: 1,
  sql: (n) => `UPDATE earn_positions p SET principal = p.principal - r.amount, status = 'active', redeem_requested_at = NULL, redeem_amount = NULL
  FROM json_to_recordset($${n}::json) AS r(id uuid, amount numeric) WHERE p.id = r.id`,
  params: (rows) => [jsonRows(rows.map((r) => ({ id: r.positionId, amount: r.amount })))],
};

export interface AccrualRow {
  productId: string;
  day: string;
  apr: string;
  total: string;
  positions: number;
  paidAt: Date;
}

/** One product's day, paid; the primary key (product, day) makes a second payment fail its statement. */
export const earnAccrualsWriter: RecordWriter<AccrualRow> = {
  name: 'earn_accruals',
  paramCount: 1,
  sql: (n) => `INSERT INTO earn_accruals (product_id, day, apr, total, positions, paid_at)
  SELECT product_id, day, apr, total, positions, paid_at
  FROM json_to_recordset($${n}::json) AS a(product_id text, day date, apr numeric, total numeric, positions integer, paid_at timestamptz)`,
  params: (rows) => [
    jsonRows(rows.map((a) => ({ product_id: a.productId, day: a.day, apr: a.apr, total: a.total, positions: a.positions, paid_at: a.paidAt.toISOString() }))),
  ],
};

export interface InterestRow {
  positionId: string;
  day: string;
  userId: string;
  productId: string;
  symbol: string;
  principal: string;
  apr: string;
  amount: string;
}

/** Each position's interest of the day, with the APR it was paid at. */
export const earnInterestWriter: RecordWriter<InterestRow> = {
  name: 'earn_interest',
  paramCount: 1,
  sql: (n) => `INSERT INTO earn_interest (position_id, day, user_id, product_id, symbol, principal, apr, amount)
  SELECT position_id, day, user_id, product_id, symbol, principal, apr, amount
  FROM json_to_recordset($${n}::json) AS i(position_id uuid, day date, user_id uuid, product_id text, symbol text, principal numeric,
    apr numeric, amount numeric)`,
  params: (rows) => [
    jsonRows(
      rows.map((i) => ({
        position_id: i.positionId,
        day: i.day,
        user_id: i.userId,
        product_id: i.productId,
        symbol: i.symbol,
        principal: i.principal,
        apr: i.apr,
        amount: i.amount,
      })),
    ),
  ],
};

/** Every Earn writer, in the order `recordWriters` registers them. */
export const earnWriters = [
  earnPositionsWriter,
  earnRedemptionsWriter,
  earnPositionsRedeemedWriter,
  earnPartialRedemptionsWriter,
  earnPositionsReducedWriter,
  earnAccrualsWriter,
  earnInterestWriter,
] as const;
