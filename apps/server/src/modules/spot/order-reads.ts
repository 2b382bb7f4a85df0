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
}

/** A page of the user's fills, newest first; `orderId` keeps one order's. */
export async function userFills(q: Queryable, p: UserPage & { orderId?: string }): Promise<FillRead[]> {
  const res = await q.query<FillRow>(
    `SELECT f.id::text AS id, f.trade_id::text AS trade_id, f.order_id, f.symbol, f.side, f.role, f.price::text AS price,
       f.qty::text AS qty, f.fee::text AS fee, f.fee_asset, f.created_at
     FROM spot_fills f
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
  }));
}
