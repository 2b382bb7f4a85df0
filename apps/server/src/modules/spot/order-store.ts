import type { Queryable } from '../../db/database.js';
import { coinByPairId, instId as instIdOf, QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import type { LiveOrder, SpotTif } from './types.js';
import { accountRef } from '../../ledger/postings.js';

/** A row of spot_orders as COLUMNS selects it, with its hold's amount and status (null when not joined). */
export interface OrderRow {
  id: string;
  seq: string;
  user_id: string;
  coin_id: number;
  side: 'buy' | 'sell';
  exec_type: 'limit' | 'market' | 'stop-limit';
  tif: string;
  price: string | null;
  stop_price: string | null;
  amount: string;
  budget: string | null;
  filled: string;
  filled_quote: string;
  fee: string;
  fee_asset: string;
  status: LiveOrder['status'];
  is_open: boolean;
  triggered: boolean;
  hold_id: string;
  hold_left: string | null;
  hold_status: 'live' | 'released' | 'consumed' | null;
  created_at: Date | string;
  cl_ord_id: string;
  tag: string;
}

/** The columns every read of spot orders selects (as `o`), in OrderRow's names. */
export const COLUMNS = `o.id, o.seq::text AS seq, o.user_id, o.coin_id, o.side, o.exec_type, o.tif, o.price::text AS price,
  o.stop_price::text AS stop_price, o.amount::text AS amount, o.budget::text AS budget, o.filled::text AS filled,
  o.filled_quote::text AS filled_quote, o.fee::text AS fee, o.fee_asset, o.status, o.is_open, o.triggered, o.hold_id,
  o.created_at, o.cl_ord_id, o.tag`;

/** The order a row describes; null for a coin no longer in the catalogue. */
export function toLive(r: OrderRow): LiveOrder | null {
  const coin = coinByPairId(r.coin_id);
  if (!coin) return null;
  return {
    id: r.id,
    seq: Number(r.seq),
    userId: r.user_id,
    coin,
    instId: instIdOf(coin.symbol),
    side: r.side,
    execType: r.exec_type,
    tif: r.tif as SpotTif,
    price: r.price,
    stopPrice: r.stop_price,
    amount: r.amount,
    budget: r.budget,
    filled: new Dec(r.filled),
    filledQuote: new Dec(r.filled_quote),
    fee: new Dec(r.fee),
    feeAsset: r.fee_asset,
    hold: {
      id: r.hold_id,
      account: accountRef(r.user_id, r.side === 'buy' ? QUOTE_ASSET : coin.symbol, 'spot'),
      reason: 'order',
      ref: r.id,
      left: new Dec(r.hold_left ?? '0'),
      status: r.hold_status ?? 'consumed',
    },
    status: r.status,
    open: r.is_open,
    triggered: r.triggered,
    createdAt: new Date(r.created_at),
    clOrdId: r.cl_ord_id,
    tag: r.tag,
  };
}

/** The open orders of these markets in placement order, with their holds: the books are rebuilt from them. */
export async function loadOpenOrders(q: Queryable, symbols: readonly string[]): Promise<LiveOrder[]> {
  const res = await q.query<OrderRow>(
    `SELECT ${COLUMNS}, h.amount::text AS hold_left, h.status AS hold_status
     FROM spot_orders o JOIN holds h ON h.id = o.hold_id WHERE o.is_open AND o.symbol = ANY($1::text[]) ORDER BY o.seq`,
    [symbols],
  );
  return res.rows.map(toLive).filter((o): o is LiveOrder => o !== null);
}

export interface HistoryFilter {
  side?: 'buy' | 'sell';
  status: 'open' | 'closed' | 'all';
  coinId?: number;
  limit: number;
}

/** A user's orders, newest first. */
export async function orderHistory(q: Queryable, userId: string, f: HistoryFilter): Promise<LiveOrder[]> {
  const res = await q.query<OrderRow>(
    `SELECT ${COLUMNS}, NULL AS hold_left, NULL AS hold_status FROM spot_orders o
     WHERE o.user_id = $1 AND ($2::text IS NULL OR o.side = $2)
       AND ($3::text = 'all' OR o.is_open = ($3::text = 'open'))
       AND ($4::integer IS NULL OR o.coin_id = $4)
     ORDER BY o.seq DESC LIMIT $5`,
    [userId, f.side ?? null, f.status, f.coinId ?? null, f.limit],
  );
  return res.rows.map(toLive).filter((o): o is LiveOrder => o !== null);
}

/** Owner and openness of one order, for the cancel route (null when it does not exist). */
export async function orderOwner(q: Queryable, orderId: string): Promise<{ userId: string; open: boolean; symbol: string } | null> {
  const res = await q.query<{ user_id: string; is_open: boolean; symbol: string }>(
    'SELECT user_id, is_open, symbol FROM spot_orders WHERE id = $1',
    [orderId],
  );
  const r = res.rows[0];
  return r ? { userId: r.user_id, open: r.is_open, symbol: r.symbol } : null;
}
