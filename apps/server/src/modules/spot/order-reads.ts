import type { Queryable, SqlParam } from '../../db/database.js';
import { coinByInstId, instId as instIdOf } from '../../shared/catalogue.js';
import { COLUMNS, toLive, type OrderRow } from './order-store.js';
import type { LiveOrder } from './types.js';

/** An order with the time of its last change, as the trading API (issue 42) reads one. */
export interface OrderRead {
  order: LiveOrder;
  updatedAt: Date;
}

/**
 * A page of one user's orders or fills, newest first. `after` and `before` are ids (an order's or a
 * fill's): older than `after`, newer than `before`; `since` and `until` bound the creation time.
 */
export interface UserPage {
  userId: string;
  instId?: string;
  after?: string;
  before?: string;
  since?: Date;
  until?: Date;
  limit: number;
}

export interface FillRead {
  billId: string;
  tradeId: string;
  orderId: string;
  instId: string;
  side: 'buy' | 'sell';
  role: 'maker' | 'taker';
  price: string;
  qty: string;
  fee: string;
  feeAsset: string;
  at: Date;
  /** Its order's client id and tag ('' when none). */
  clOrdId: string;
  tag: string;
}

/** The symbol of an instrument id, or the empty string for one we do not list (which matches no row). */
const symbolOf = (instId: string | undefined): string | null => (instId === undefined ? null : (coinByInstId(instId)?.symbol ?? ''));

function pageArgs(p: UserPage): SqlParam[] {
  return [p.userId, symbolOf(p.instId), p.after ?? null, p.before ?? null, p.since ?? null, p.until ?? null, p.limit];
}

type Row = OrderRow & { updated_at: Date | string };

function toRead(r: Row): OrderRead | null {
  const order = toLive(r);
  return order ? { order, updatedAt: new Date(r.updated_at) } : null;
}

/** One order of this user (null when it does not exist or is someone else's). */
export async function userOrder(q: Queryable, userId: string, orderId: string): Promise<OrderRead | null> {
  const res = await q.query<Row>(
    `SELECT ${COLUMNS}, o.updated_at, NULL AS hold_left, NULL AS hold_status FROM spot_orders o WHERE o.id = $1 AND o.user_id = $2`,
    [orderId, userId],
  );
  return res.rows[0] ? toRead(res.rows[0]) : null;
}

/** The id of the user's newest order with this client order id (the live one, when one is), or null. */
export async function orderIdOfClientId(q: Queryable, userId: string, clOrdId: string): Promise<string | null> {
  const res = await q.query<{ id: string }>(
    `SELECT id FROM spot_orders WHERE user_id = $1 AND cl_ord_id = $2 AND cl_ord_id <> '' ORDER BY seq DESC LIMIT 1`,
    [userId, clOrdId],
  );
  return res.rows[0]?.id ?? null;
}

/** A page of the user's open orders (`open`) or ended ones, newest first. */
export async function userOrders(q: Queryable, open: boolean, p: UserPage): Promise<OrderRead[]> {
  const res = await q.query<Row>(
    `SELECT ${COLUMNS}, o.updated_at, NULL AS hold_left, NULL AS hold_status FROM spot_orders o
     WHERE o.user_id = $1 AND o.is_open = $8 AND ($2::text IS NULL OR o.symbol = $2)
       AND ($3::bigint IS NULL OR o.seq < $3) AND ($4::bigint IS NULL OR o.seq > $4)
       AND ($5::timestamptz IS NULL OR o.created_at >= $5) AND ($6::timestamptz IS NULL OR o.created_at <= $6)
     ORDER BY o.seq DESC LIMIT $7`,
    [...pageArgs(p), open],
  );
  return res.rows.map(toRead).filter((o): o is OrderRead => o !== null);
}

interface FillRow {
  id: string;
  trade_id: string;
  order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  role: 'maker' | 'taker';
  price: string;
  qty: string;
  fee: string;
  fee_asset: string;
  created_at: Date | string;
  cl_ord_id: string | null;
  tag: string | null;
}

/** A page of the user's fills, newest first; `orderId` keeps one order's. */
export async function userFills(q: Queryable, p: UserPage & { orderId?: string }): Promise<FillRead[]> {
  const res = await q.query<FillRow>(
    `SELECT f.id::text AS id, f.trade_id::text AS trade_id, f.order_id, f.symbol, f.side, f.role, f.price::text AS price,
       f.qty::text AS qty, f.fee::text AS fee, f.fee_asset, f.created_at, o.cl_ord_id, o.tag
     FROM spot_fills f LEFT JOIN spot_orders o ON o.id = f.order_id
     WHERE f.user_id = $1 AND ($2::text IS NULL OR f.symbol = $2)
       AND ($3::bigint IS NULL OR f.id < $3) AND ($4::bigint IS NULL OR f.id > $4)
       AND ($5::timestamptz IS NULL OR f.created_at >= $5) AND ($6::timestamptz IS NULL OR f.created_at <= $6)
       AND ($8::text IS NULL OR f.order_id = $8)
     ORDER BY f.id DESC LIMIT $7`,
    [...pageArgs(p), p.orderId ?? null],
  );
  return res.rows.map((r) => ({
    billId: r.id,
    tradeId: r.trade_id,
    orderId: r.order_id,
    instId: instIdOf(r.symbol),
    side: r.side,
    role: r.role,
    price: r.price,
    qty: r.qty,
    fee: r.fee,
    feeAsset: r.fee_asset,
    at: new Date(r.created_at),
    clOrdId: r.cl_ord_id ?? '',
    tag: r.tag ?? '',
  }));
}
