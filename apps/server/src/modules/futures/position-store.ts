import type { Queryable } from '../../db/database.js';
import type { Hold } from '../../ledger/postings.js';
import { accountRef } from '../../ledger/postings.js';
import { coinBySymbol, QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import type { SystemPositionRow } from './records.js';
import { FUTURES_FEE } from './settlement.js';
import type { LiveOrder, LivePosition } from './types.js';

interface HoldColumns {
  hold_id: string | null;
  hold_left: string | null;
  hold_status: Hold['status'] | null;
}

export interface PositionRow extends HoldColumns {
  id: string;
  seq: string;
  user_id: string;
  inst_id: string;
  symbol: string;
  side: LivePosition['side'];
  margin_mode: LivePosition['marginMode'];
  leverage: number;
  opened_qty: string;
  opened_cost: string;
  qty: string;
  cost: string;
  margin: string;
  fee: string;
  funding: string;
  realized_pnl: string;
  returned: string;
  take_profit: string | null;
  stop_loss: string | null;
  trigger_by: LivePosition['triggerBy'];
  status: LivePosition['status'];
  close_price: string | null;
  created_at: Date | string;
  closed_at: Date | string | null;
}

export interface OrderRow extends HoldColumns {
  id: string;
  seq: string;
  user_id: string;
  inst_id: string;
  symbol: string;
  side: LiveOrder['side'];
  margin_mode: LiveOrder['marginMode'];
  order_type: LiveOrder['orderType'];
  leverage: number;
  reduce_only: boolean;
  position_id: string | null;
  order_price: string | null;
  order_qty: string;
  filled: string;
  entry_cost: string;
  fee: string;
  realized_pnl: string;
  take_profit: string | null;
  stop_loss: string | null;
  status: LiveOrder['status'];
  order_open: boolean;
  fee_rate_reserved: string | null;
  created_at: Date | string;
  closed_at: Date | string | null;
}

const HOLD = `p.hold_id, h.amount::text AS hold_left, h.status AS hold_status`;

export const SELECT_POSITION = `SELECT p.id, p.seq::text AS seq, p.user_id, p.inst_id, p.symbol, p.side, p.margin_mode, p.leverage,
  p.opened_qty::text AS opened_qty, p.opened_cost::text AS opened_cost, p.qty::text AS qty, p.cost::text AS cost, p.margin::text AS margin, p.fee::text AS fee, p.funding::text AS funding,
  p.realized_pnl::text AS realized_pnl, p.returned::text AS returned, p.take_profit::text AS take_profit,
  p.stop_loss::text AS stop_loss, p.trigger_by, p.status, p.close_price::text AS close_price, ${HOLD}, p.created_at, p.closed_at
  FROM futures_user_positions p LEFT JOIN holds h ON h.id = p.hold_id`;

export const SELECT_ORDER = `SELECT p.id, p.seq::text AS seq, p.user_id, p.inst_id, p.symbol, p.side, p.margin_mode, p.order_type, p.leverage,
  p.reduce_only, p.position_id, p.order_price::text AS order_price, p.order_qty::text AS order_qty, p.filled::text AS filled,
  p.entry_cost::text AS entry_cost, p.fee::text AS fee, p.realized_pnl::text AS realized_pnl, p.take_profit::text AS take_profit,
  p.stop_loss::text AS stop_loss, p.status, p.order_open, p.fee_rate_reserved::text AS fee_rate_reserved, ${HOLD}, p.created_at, p.closed_at
  FROM futures_positions p LEFT JOIN holds h ON h.id = p.hold_id`;

/** Trims a NUMERIC's trailing zeros: the ledger's and the engine's decimal strings have none. */
const trim = (v: string | null): string | null => (v === null ? null : new Dec(v).toFixed());
const date = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

function holdOf(r: HoldColumns & { id: string; user_id: string }): Hold | null {
  if (r.hold_id === null) return null;
  return {
    id: r.hold_id,
    account: accountRef(r.user_id, QUOTE_ASSET, 'futures'),
    reason: 'margin',
    ref: r.id,
    left: new Dec(r.hold_left ?? '0'),
    status: r.hold_status ?? 'consumed',
  };
}

function coinOf(symbol: string, id: string) {
  const coin = coinBySymbol(symbol);
  if (!coin) throw new Error(`futures row ${id} of an unknown coin ${symbol}`);
  return coin;
}

export function positionFromRow(r: PositionRow): LivePosition {
  return {
    id: r.id,
    seq: Number(r.seq),
    userId: r.user_id,
    coin: coinOf(r.symbol, r.id),
    instId: r.inst_id,
    side: r.side,
    marginMode: r.margin_mode,
    leverage: r.leverage,
    openedQty: new Dec(r.opened_qty),
    openedCost: new Dec(r.opened_cost),
    qty: new Dec(r.qty),
    cost: new Dec(r.cost),
    margin: new Dec(r.margin),
    fee: new Dec(r.fee),
    funding: new Dec(r.funding),
    realizedPnl: new Dec(r.realized_pnl),
    returned: new Dec(r.returned),
    takeProfit: trim(r.take_profit),
    stopLoss: trim(r.stop_loss),
    triggerBy: r.trigger_by,
    status: r.status,
    closeOrderId: null,
    closePrice: trim(r.close_price),
    hold: holdOf(r) as Hold,
    createdAt: new Date(r.created_at),
    closedAt: date(r.closed_at),
  };
}

export function orderFromRow(r: OrderRow): LiveOrder {
  return {
    id: r.id,
    seq: Number(r.seq),
    userId: r.user_id,
    coin: coinOf(r.symbol, r.id),
    instId: r.inst_id,
    side: r.side,
    marginMode: r.margin_mode,
    orderType: r.order_type,
    leverage: r.leverage,
    reduceOnly: r.reduce_only,
    positionId: r.position_id,
    orderPrice: trim(r.order_price),
    orderQty: new Dec(r.order_qty),
    filled: new Dec(r.filled),
    entryCost: new Dec(r.entry_cost),
    fee: new Dec(r.fee),
    realizedPnl: new Dec(r.realized_pnl),
    takeProfit: trim(r.take_profit),
    stopLoss: trim(r.stop_loss),
    status: r.status,
    orderOpen: r.order_open,
    hold: holdOf(r),
    // Orders placed before the rates per tier (migration 58) reserved the one rate of the time.
    feeReserve: r.reduce_only ? null : r.fee_rate_reserved === null ? FUTURES_FEE : new Dec(r.fee_rate_reserved),
    createdAt: new Date(r.created_at),
    closedAt: date(r.closed_at),
  };
}

/** Open positions of these contracts. */
export async function loadOpenPositions(q: Queryable, instIds: readonly string[]): Promise<LivePosition[]> {
  const res = await q.query<PositionRow>(`${SELECT_POSITION} WHERE p.status = 'active' AND p.inst_id = ANY($1) ORDER BY p.seq`, [instIds]);
  return res.rows.map(positionFromRow);
}

/** The users' orders resting on these contracts' books, oldest first (the books' time priority). */
export async function loadRestingOrders(q: Queryable, instIds: readonly string[]): Promise<LiveOrder[]> {
  const res = await q.query<OrderRow>(`${SELECT_ORDER} WHERE p.order_open AND p.inst_id = ANY($1) ORDER BY p.seq`, [instIds]);
  return res.rows.map(orderFromRow);
}

export async function loadSystemPositions(q: Queryable, instIds: readonly string[]): Promise<SystemPositionRow[]> {
  const res = await q.query<{ inst_id: string; owner: string; qty: string; cost: string }>(
    `SELECT inst_id, owner, qty::text AS qty, cost::text AS cost FROM futures_system_positions WHERE inst_id = ANY($1)`,
    [instIds],
  );
  return res.rows.map((r) => ({ instId: r.inst_id, owner: r.owner, net: { qty: new Dec(r.qty), cost: new Dec(r.cost) } }));
}

/** A user's orders (spec 2's history rows), newest first. */
export async function userOrders(q: Queryable, userId: string, status: 'open' | 'closed' | 'all', limit: number): Promise<LiveOrder[]> {
  const where = status === 'open' ? `AND p.status IN ('pending', 'active')` : status === 'closed' ? `AND p.status NOT IN ('pending', 'active')` : '';
  const res = await q.query<OrderRow>(`${SELECT_ORDER} WHERE p.user_id = $1 ${where} ORDER BY p.seq DESC LIMIT $2`, [userId, limit]);
  return res.rows.map(orderFromRow);
}

/** A user's positions, newest first. */
export async function userPositions(q: Queryable, userId: string, status: 'open' | 'closed' | 'all', limit: number): Promise<LivePosition[]> {
  const where = status === 'open' ? `AND p.status = 'active'` : status === 'closed' ? `AND p.status <> 'active'` : '';
  const res = await q.query<PositionRow>(`${SELECT_POSITION} WHERE p.user_id = $1 ${where} ORDER BY p.seq DESC LIMIT $2`, [userId, limit]);
  return res.rows.map(positionFromRow);
}

/** Who a position's or an order's id belongs to; for an order, the position its fills went to. */
export async function idOwner(q: Queryable, id: string): Promise<{ userId: string; open: boolean; positionId: string | null } | null> {
  const res = await q.query<{ user_id: string; open: boolean; position_id: string | null }>(
    `SELECT user_id, status = 'active' AS open, id AS position_id FROM futures_user_positions WHERE id = $1
     UNION ALL SELECT user_id, status IN ('pending', 'active'), position_id FROM futures_positions WHERE id = $1`,
    [id],
  );
  const row = res.rows[0];
  return row ? { userId: row.user_id, open: row.open, positionId: row.position_id } : null;
}
