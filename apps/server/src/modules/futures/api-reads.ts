import type { Queryable, SqlParam } from '../../db/database.js';
import { orderFromRow, positionFromRow, SELECT_ORDER, SELECT_POSITION, type OrderRow, type PositionRow } from './position-store.js';
import type { LiveOrder, LivePosition } from './types.js';

/**
 * A page of a user's orders, fills or closed positions for the trading API (issue 42): `after`
 * older than this id, `before` newer, `since`/`until` by time, newest first. `kind` keeps the
 * perpetual (SWAP) or the delivery (FUTURES) contracts only.
 */
export interface FuturesPage {
  userId: string;
  kind?: 'SWAP' | 'FUTURES';
  instId?: string;
  after?: string;
  before?: string;
  since?: Date;
  until?: Date;
  limit: number;
  orderId?: string;
}

/** One of a user's fills on a contract: `side` buy or sell as the order book saw it. */
export interface FuturesFillRead {
  billId: string;
  tradeId: string;
  orderId: string;
  positionId: string;
  instId: string;
  posSide: 'long' | 'short';
  side: 'buy' | 'sell';
  price: string;
  qty: string;
  fee: string;
  at: Date;
}

/** A closed position with the average price its closing fills got. */
export interface ClosedFuturesPosition {
  position: LivePosition;
  closeAvg: string | null;
}

const KIND = `($9::text IS NULL OR (p.inst_id LIKE '%-SWAP') = ($9::text = 'SWAP'))`;

function pageArgs(p: FuturesPage): SqlParam[] {
  return [p.userId, p.instId ?? null, p.after ?? null, p.before ?? null, p.since ?? null, p.until ?? null, p.limit, null, p.kind ?? null];
}

/** One of the user's orders by id; null when there is none of theirs. */
export async function futuresUserOrder(q: Queryable, userId: string, orderId: string): Promise<LiveOrder | null> {
  if (!/^\d{1,19}$/.test(orderId)) return null;
  const res = await q.query<OrderRow>(`${SELECT_ORDER} WHERE p.id = $1 AND p.user_id = $2`, [orderId, userId]);
  const row = res.rows[0];
  return row ? orderFromRow(row) : null;
}

/** A page of the user's orders resting on a book (`open`) or ended. */
export async function futuresUserOrders(q: Queryable, open: boolean, p: FuturesPage): Promise<LiveOrder[]> {
  const args = pageArgs(p);
  args[7] = open;
  const res = await q.query<OrderRow>(
    `${SELECT_ORDER}
     WHERE p.user_id = $1 AND p.order_open = $8 AND ($2::text IS NULL OR p.inst_id = $2) AND ${KIND}
       AND ($3::bigint IS NULL OR p.seq < $3) AND ($4::bigint IS NULL OR p.seq > $4)
       AND ($5::timestamptz IS NULL OR p.created_at >= $5) AND ($6::timestamptz IS NULL OR p.created_at <= $6)
     ORDER BY p.seq DESC LIMIT $7`,
    args,
  );
  return res.rows.map(orderFromRow);
}

interface FillRow {
  id: string;
  trade_id: string | null;
  order_id: string | null;
  position_id: string;
  inst_id: string;
  action: string;
  pos_side: 'long' | 'short';
  price: string;
  qty: string;
  fee: string;
  created_at: Date | string;
}

/** A page of the user's fills on contracts; `orderId` keeps one order's. */
export async function futuresUserFills(q: Queryable, p: FuturesPage): Promise<FuturesFillRead[]> {
  const args = pageArgs(p);
  args[7] = p.orderId ?? null;
  const res = await q.query<FillRow>(
    `SELECT f.id::text AS id, f.trade_id::text AS trade_id, f.order_id, f.position_id, p.inst_id, f.action, p.side AS pos_side,
       f.price::text AS price, f.qty::text AS qty, f.fee::text AS fee, f.created_at
     FROM futures_fills f JOIN futures_user_positions p ON p.id = f.position_id
     WHERE f.user_id = $1 AND ($2::text IS NULL OR p.inst_id = $2) AND ${KIND}
       AND ($3::bigint IS NULL OR f.id < $3) AND ($4::bigint IS NULL OR f.id > $4)
       AND ($5::timestamptz IS NULL OR f.created_at >= $5) AND ($6::timestamptz IS NULL OR f.created_at <= $6)
       AND ($8::text IS NULL OR f.order_id = $8)
     ORDER BY f.id DESC LIMIT $7`,
    args,
  );
  return res.rows.map((r) => {
    const opening = r.action === 'open';
    const buys = r.pos_side === 'long' ? opening : !opening;
    return {
      billId: r.id,
      tradeId: r.trade_id ?? '',
      orderId: r.order_id ?? '',
      positionId: r.position_id,
      instId: r.inst_id,
      posSide: r.pos_side,
      side: buys ? 'buy' : 'sell',
      price: r.price,
      qty: r.qty,
      fee: r.fee,
      at: new Date(r.created_at),
    };
  });
}

/** A page of the user's closed positions by the time they closed (`after`/`before` in ms), newest first. */
export async function futuresClosedPositions(
  q: Queryable,
  p: { userId: string; kind?: 'SWAP' | 'FUTURES'; instId?: string; positionId?: string; marginMode?: string; afterMs?: number; beforeMs?: number; limit: number },
): Promise<ClosedFuturesPosition[]> {
  const res = await q.query<PositionRow & { close_avg: string | null }>(
    `SELECT * FROM (${SELECT_POSITION}) p,
       LATERAL (SELECT (sum(f.price * f.qty) / nullif(sum(f.qty), 0))::text AS close_avg FROM futures_fills f WHERE f.position_id = p.id AND f.action <> 'open') c
     WHERE p.user_id = $1 AND p.status <> 'active' AND ($2::text IS NULL OR p.inst_id = $2) AND ${KIND.replaceAll('$9', '$8')}
       AND ($3::timestamptz IS NULL OR p.closed_at < $3) AND ($4::timestamptz IS NULL OR p.closed_at > $4)
       AND ($5::text IS NULL OR p.id = $5) AND ($6::text IS NULL OR p.margin_mode = $6)
     ORDER BY p.closed_at DESC, p.seq::bigint DESC LIMIT $7`,
    [
      p.userId,
      p.instId ?? null,
      p.afterMs === undefined ? null : new Date(p.afterMs),
      p.beforeMs === undefined ? null : new Date(p.beforeMs),
      p.positionId ?? null,
      p.marginMode ?? null,
      p.limit,
      p.kind ?? null,
    ],
  );
  return res.rows.map((r) => ({ position: positionFromRow(r), closeAvg: r.close_avg }));
}
