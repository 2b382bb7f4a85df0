import type { EarnFilter, EarnPayment } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { coinBySymbol, QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';

export interface Product {
  id: string;
  symbol: string;
  name: string;
  apr: Dec;
  termDays: number | null;
  minAmount: Dec;
}

export type PositionStatus = 'active' | 'redeeming' | 'redeemed';

export interface StoredPosition {
  id: string;
  userId: string;
  productId: string;
  symbol: string;
  source: 'funding' | 'spot';
  principal: Dec;
  termDays: number | null;
  auto: boolean;
  status: PositionStatus;
  subscribedAt: Date;
  accruesFrom: Date;
  maturesAt: Date | null;
  redeemRequestedAt: Date | null;
  redeemedAt: Date | null;
  /** While claimed: the amount being redeemed, null for the whole position. */
  redeemAmount: Dec | null;
  /** Interest paid on it so far. */
  interest: Dec;
}

/** A coin's name as the coin list gives it; USDT is the quote asset and no market of its own. */
export function coinName(symbol: string): string {
  if (symbol === QUOTE_ASSET) return 'Tether';
  return coinBySymbol(symbol)?.name ?? symbol;
}

interface ProductRow {
  id: string;
  symbol: string;
  apr: string;
  term_days: number | null;
  min_amount: string;
}

const toProduct = (r: ProductRow): Product => ({
  id: r.id,
  symbol: r.symbol,
  name: coinName(r.symbol),
  apr: new Dec(r.apr),
  termDays: r.term_days,
  minAmount: new Dec(r.min_amount),
});

const PRODUCT_SELECT = 'SELECT id, symbol, apr::text AS apr, term_days, min_amount::text AS min_amount FROM earn_products';

/** Every product in display order. */
export async function allProducts(q: Queryable): Promise<Product[]> {
  const res = await q.query<ProductRow>(`${PRODUCT_SELECT} ORDER BY sort`, [], 'earn-products');
  return res.rows.map(toProduct);
}

/** Spec 3 §5 and §9: a case-insensitive search on symbol or name, and the All / USDT / BTC / ETH filter. */
export function filterProducts(products: readonly Product[], search: string | undefined, filter: EarnFilter | undefined): Product[] {
  const needle = (search ?? '').trim().toLowerCase();
  return products.filter(
    (p) =>
      (filter === undefined || filter === 'all' || p.symbol === filter) &&
      (needle === '' || p.symbol.toLowerCase().includes(needle) || p.name.toLowerCase().includes(needle)),
  );
}

export async function productById(q: Queryable, id: string): Promise<Product | null> {
  const res = await q.query<ProductRow>(`${PRODUCT_SELECT} WHERE id = $1`, [id]);
  return res.rows[0] ? toProduct(res.rows[0]) : null;
}

/** The asset's flexible product, where Auto-earn puts idle balances. */
export async function flexibleProductOf(q: Queryable, symbol: string): Promise<Product | null> {
  const res = await q.query<ProductRow>(`${PRODUCT_SELECT} WHERE symbol = $1 AND term_days IS NULL`, [symbol]);
  return res.rows[0] ? toProduct(res.rows[0]) : null;
}

interface PositionRow {
  id: string;
  user_id: string;
  product_id: string;
  symbol: string;
  source: 'funding' | 'spot';
  principal: string;
  term_days: number | null;
  auto: boolean;
  status: PositionStatus;
  subscribed_at: Date | string;
  accrues_from: Date | string;
  matures_at: Date | string | null;
  redeem_requested_at: Date | string | null;
  redeemed_at: Date | string | null;
  redeem_amount: string | null;
  interest: string;
}

const dateOrNull = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

const toPosition = (r: PositionRow): StoredPosition => ({
  id: r.id,
  userId: r.user_id,
  productId: r.product_id,
  symbol: r.symbol,
  source: r.source,
  principal: new Dec(r.principal),
  termDays: r.term_days,
  auto: r.auto,
  status: r.status,
  subscribedAt: new Date(r.subscribed_at),
  accruesFrom: new Date(r.accrues_from),
  maturesAt: dateOrNull(r.matures_at),
  redeemRequestedAt: dateOrNull(r.redeem_requested_at),
  redeemedAt: dateOrNull(r.redeemed_at),
  redeemAmount: r.redeem_amount === null ? null : new Dec(r.redeem_amount),
  interest: new Dec(r.interest),
});

const POSITION_SELECT = `SELECT p.id, p.user_id, p.product_id, p.symbol, p.source, p.principal::text AS principal, p.term_days, p.auto, p.status,
  p.subscribed_at, p.accrues_from, p.matures_at, p.redeem_requested_at, p.redeemed_at,
  p.redeem_amount::text AS redeem_amount, COALESCE((SELECT SUM(i.amount) FROM earn_interest i WHERE i.position_id = p.id), 0)::text AS interest
  FROM earn_positions p`;

export async function positionById(q: Queryable, id: string): Promise<StoredPosition | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const res = await q.query<PositionRow>(`${POSITION_SELECT} WHERE p.id = $1`, [id]);
  return res.rows[0] ? toPosition(res.rows[0]) : null;
}

/** A user's positions, newest first. */
export async function positionsOf(q: Queryable, userId: string, limit = 500): Promise<StoredPosition[]> {
  const res = await q.query<PositionRow>(`${POSITION_SELECT} WHERE p.user_id = $1 ORDER BY p.seq DESC LIMIT $2`, [userId, limit]);
  return res.rows.map(toPosition);
}

/**
 * Claims an active position for its redemption of `amount` (null: all of it) while it still holds that
 * much: the database decides between two requests (or two processes), and only the one that moved it
 * goes on to move the money. Nothing else changes a claimed position's principal.
 */
export async function claimRedemption(q: Queryable, id: string, userId: string, at: Date, amount: Dec | null): Promise<boolean> {
  const res = await q.query(
    `UPDATE earn_positions SET status = 'redeeming', redeem_requested_at = $3, redeem_amount = $4::numeric
     WHERE id = $1 AND user_id = $2 AND status = 'active' AND ($4::numeric IS NULL OR principal >= $4::numeric) RETURNING id`,
    [id, userId, at.toISOString(), amount?.toFixed() ?? null],
  );
  return res.rowCount > 0;
}

/** Gives a claim back when its redemption did not commit: the position is active again. */
export async function releaseClaim(q: Queryable, id: string): Promise<void> {
  await q.query(
    `UPDATE earn_positions SET status = 'active', redeem_requested_at = NULL, redeem_amount = NULL WHERE id = $1 AND status = 'redeeming'`,
    [id],
  );
}

/** Claims whose process died before it moved the money: asked before `before` and not redeemed since. */
export async function staleClaims(q: Queryable, before: Date): Promise<StoredPosition[]> {
  const res = await q.query<PositionRow>(`${POSITION_SELECT} WHERE p.status = 'redeeming' AND p.redeem_requested_at < $1`, [before.toISOString()]);
  return res.rows.map(toPosition);
}

/** A user's latest daily payments, newest first. */
export async function paymentsOf(q: Queryable, userId: string, limit: number): Promise<EarnPayment[]> {
  const res = await q.query<{ day: string; position_id: string; product_id: string; symbol: string; principal: string; apr: string; amount: string }>(
    `SELECT day::text AS day, position_id, product_id, symbol, principal::text AS principal, apr::text AS apr, amount::text AS amount
     FROM earn_interest WHERE user_id = $1 ORDER BY day DESC, product_id, position_id LIMIT $2`,
    [userId, limit],
  );
  return res.rows.map((r) => ({
    day: r.day,
    position_id: r.position_id,
    product_id: r.product_id,
    symbol: r.symbol,
    principal: new Dec(r.principal).toFixed(),
    apr: new Dec(r.apr).toFixed(),
    amount: new Dec(r.amount).toFixed(),
  }));
}

/** Per asset: the principal of the user's live positions and all the interest ever paid. */
export async function totalsOf(q: Queryable, userId: string): Promise<{ symbol: string; principal: string; interest: string }[]> {
  const res = await q.query<{ symbol: string; principal: string; interest: string }>(
    `SELECT symbol, SUM(principal)::text AS principal, SUM(interest)::text AS interest FROM (
       SELECT symbol, principal, 0 AS interest FROM earn_positions WHERE user_id = $1 AND status <> 'redeemed'
       UNION ALL SELECT symbol, 0, amount FROM earn_interest WHERE user_id = $1
     ) t GROUP BY symbol ORDER BY symbol`,
    [userId],
  );
  return res.rows.map((r) => ({ symbol: r.symbol, principal: new Dec(r.principal).toFixed(), interest: new Dec(r.interest).toFixed() }));
}

/** The user's Auto-earn switches that were ever set. */
export async function autoSwitchesOf(q: Queryable, userId: string): Promise<Map<string, boolean>> {
  const res = await q.query<{ symbol: string; enabled: boolean }>('SELECT symbol, enabled FROM earn_auto WHERE user_id = $1', [userId]);
  return new Map(res.rows.map((r) => [r.symbol, r.enabled]));
}

export async function setAutoSwitch(q: Queryable, userId: string, symbol: string, enabled: boolean, at: Date): Promise<void> {
  await q.query(
    `INSERT INTO earn_auto (user_id, symbol, enabled, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, symbol) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
    [userId, symbol, enabled, at.toISOString()],
  );
}

/** Every switch that is on, with the user's idle (available) funding balance of the asset. */
export async function autoEarners(q: Queryable): Promise<{ userId: string; symbol: string; idle: Dec }[]> {
  const res = await q.query<{ user_id: string; symbol: string; idle: string | null }>(
    `SELECT e.user_id, e.symbol, a.available::text AS idle FROM earn_auto e
     LEFT JOIN ledger_accounts a ON a.owner = e.user_id::text AND a.asset = e.symbol AND a.wallet = 'funding'
     WHERE e.enabled ORDER BY e.user_id, e.symbol`,
  );
  return res.rows.map((r) => ({ userId: r.user_id, symbol: r.symbol, idle: new Dec(r.idle ?? '0') }));
}

/** Claims the day's Auto-earn sweep: true for the one run (of any process) that does it. */
export async function claimSweep(q: Queryable, day: string, at: Date): Promise<boolean> {
  const res = await q.query('INSERT INTO earn_sweeps (day, swept_at) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING day', [day, at.toISOString()]);
  return res.rowCount > 0;
}

/** Each product's days from its first position's first day up to `lastDay` that have no accrual row yet, oldest first. */
export async function unpaidDays(q: Queryable, lastDay: string): Promise<{ productId: string; day: string }[]> {
  const res = await q.query<{ product_id: string; day: string }>(
    `SELECT f.product_id, d::date::text AS day
     FROM (SELECT product_id, MIN((accrues_from AT TIME ZONE 'UTC')::date) AS first FROM earn_positions GROUP BY product_id) f
     CROSS JOIN LATERAL generate_series(f.first::timestamp, $1::date::timestamp, interval '1 day') AS d
     WHERE NOT EXISTS (SELECT 1 FROM earn_accruals a WHERE a.product_id = f.product_id AND a.day = d::date)
     ORDER BY d, f.product_id`,
    [lastDay],
  );
  return res.rows.map((r) => ({ productId: r.product_id, day: r.day }));
}

/**
 * Positions of the product held for the whole day [start, end): earning from `start` or before, not
 * asked to be redeemed before `end`, and (fixed) not matured before `end`. The principal is what was
 * held at `end`: today's plus the parts redeemed since, so a day paid late pays what was held then.
 */
export async function positionsHeldThrough(q: Queryable, productId: string, start: Date, end: Date): Promise<{ id: string; userId: string; principal: Dec }[]> {
  const res = await q.query<{ id: string; user_id: string; principal: string }>(
    `SELECT id, user_id, (principal + COALESCE((SELECT SUM(r.amount) FROM earn_partial_redemptions r
       WHERE r.position_id = earn_positions.id AND r.redeemed_at >= $3), 0))::text AS principal FROM earn_positions
     WHERE product_id = $1 AND accrues_from <= $2
       AND COALESCE(redeem_requested_at, redeemed_at, 'infinity'::timestamptz) >= $3
       AND (matures_at IS NULL OR matures_at >= $3)
     ORDER BY seq`,
    [productId, start.toISOString(), end.toISOString()],
  );
  return res.rows.map((r) => ({ id: r.id, userId: r.user_id, principal: new Dec(r.principal) }));
}

/** The principal each user has in Earn per coin (positions not yet redeemed): theirs, though custody holds it. */
export async function principalsByUser(q: Queryable): Promise<{ userId: string; symbol: string; principal: string }[]> {
  const res = await q.query<{ userId: string; symbol: string; principal: string }>(
    `SELECT user_id::text AS "userId", symbol, SUM(principal)::text AS principal FROM earn_positions
     WHERE status IN ('active', 'redeeming') GROUP BY user_id, symbol`,
  );
  return res.rows;
}
