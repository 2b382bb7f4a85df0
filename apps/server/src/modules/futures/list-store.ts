import type { Queryable } from '../../db/database.js';
import type { ClosedPositionRow, FundingPaymentDbRow } from './list-views.js';

/** The ids of a user's orders resting on the books, newest first (memory has their live figures). */
export async function restingOrderIds(q: Queryable, userId: string, instId: string | undefined, limit: number): Promise<string[]> {
  const res = await q.query<{ id: string }>(
    `SELECT id FROM futures_positions WHERE user_id = $1 AND order_open AND ($2::text IS NULL OR inst_id = $2) ORDER BY seq DESC LIMIT $3`,
    [userId, instId ?? null, limit],
  );
  return res.rows.map((r) => r.id);
}

/** Who an order belongs to and whether it rests; null for no order of that id. */
export async function orderOwner(q: Queryable, orderId: string): Promise<{ userId: string; open: boolean } | null> {
  const res = await q.query<{ user_id: string; order_open: boolean }>(`SELECT user_id, order_open FROM futures_positions WHERE id = $1`, [orderId]);
  const row = res.rows[0];
  return row ? { userId: row.user_id, open: row.order_open } : null;
}

/** A page of a user's closed positions, newest first (a position's id is its seq): `limit` + 1 rows tell whether another page follows. */
export async function closedPositions(q: Queryable, userId: string, before: string | undefined, limit: number): Promise<ClosedPositionRow[]> {
  const res = await q.query<ClosedPositionRow>(
    `SELECT id, inst_id, symbol, side, margin_mode, leverage, opened_qty::text AS opened_qty, opened_cost::text AS opened_cost, fee::text AS fee,
       funding::text AS funding, realized_pnl::text AS realized_pnl, status, close_price::text AS close_price, created_at, closed_at
     FROM futures_user_positions
     WHERE user_id = $1 AND status <> 'active' AND ($2::bigint IS NULL OR seq < $2::bigint)
     ORDER BY seq DESC LIMIT $3`,
    [userId, before ?? null, limit + 1],
  );
  return res.rows;
}

/** A page of a user's funding payments, newest first, `limit` + 1 rows. */
export async function fundingPayments(q: Queryable, userId: string, before: string | undefined, limit: number): Promise<FundingPaymentDbRow[]> {
  const res = await q.query<FundingPaymentDbRow>(
    `SELECT f.id::text AS id, f.position_id, f.inst_id, p.symbol, f.side, f.funding_time::text AS funding_time, f.rate::text AS rate, f.mark::text AS mark,
       f.qty::text AS qty, f.amount::text AS amount
     FROM futures_funding_payments f JOIN futures_user_positions p ON p.id = f.position_id
     WHERE f.user_id = $1 AND ($2::bigint IS NULL OR f.id < $2::bigint)
     ORDER BY f.id DESC LIMIT $3`,
    [userId, before ?? null, limit + 1],
  );
  return res.rows;
}
