import type { Queryable } from '../../db/database.js';
import type { Hold } from '../../ledger/postings.js';
import { accountRef } from '../../ledger/postings.js';
import { coinBySymbol, QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import type { SystemPositionRow } from './records.js';
import type { LivePosition } from './types.js';

interface PositionRow {
  id: string;
  seq: string;
  user_id: string;
  inst_id: string;
  symbol: string;
  side: LivePosition['side'];
  margin_mode: LivePosition['marginMode'];
  order_type: LivePosition['orderType'];
  leverage: number;
  order_price: string | null;
  order_qty: string;
  filled: string;
  entry_cost: string;
  qty: string;
  cost: string;
  margin: string;
  fee: string;
  funding: string;
  realized_pnl: string;
  returned: string;
  take_profit: string | null;
  stop_loss: string | null;
  status: LivePosition['status'];
  order_open: boolean;
  close_price: string | null;
  hold_id: string;
  hold_left: string | null;
  hold_status: Hold['status'] | null;
  created_at: Date | string;
  closed_at: Date | string | null;
}

const SELECT = `SELECT p.id, p.seq::text AS seq, p.user_id, p.inst_id, p.symbol, p.side, p.margin_mode, p.order_type, p.leverage,
  p.order_price::text AS order_price, p.order_qty::text AS order_qty, p.filled::text AS filled, p.entry_cost::text AS entry_cost,
  p.qty::text AS qty, p.cost::text AS cost, p.margin::text AS margin, p.fee::text AS fee, p.funding::text AS funding,
  p.realized_pnl::text AS realized_pnl, p.returned::text AS returned, p.take_profit::text AS take_profit,
  p.stop_loss::text AS stop_loss, p.status, p.order_open, p.close_price::text AS close_price, p.hold_id,
  h.amount::text AS hold_left, h.status AS hold_status, p.created_at, p.closed_at
  FROM futures_positions p LEFT JOIN holds h ON h.id = p.hold_id`;

/** Trims a NUMERIC's trailing zeros: the ledger's and the engine's decimal strings have none. */
const trim = (v: string | null): string | null => (v === null ? null : new Dec(v).toFixed());

function fromRow(r: PositionRow): LivePosition {
  const coin = coinBySymbol(r.symbol);
  if (!coin) throw new Error(`futures position ${r.id} of an unknown coin ${r.symbol}`);
  const hold: Hold = {
    id: r.hold_id,
    account: accountRef(r.user_id, QUOTE_ASSET, 'futures'),
    reason: 'margin',
    ref: r.id,
    left: new Dec(r.hold_left ?? '0'),
    status: r.hold_status ?? 'consumed',
  };
  return {
    id: r.id,
    seq: Number(r.seq),
    userId: r.user_id,
    coin,
    instId: r.inst_id,
    side: r.side,
    marginMode: r.margin_mode,
    orderType: r.order_type,
    leverage: r.leverage,
    orderPrice: trim(r.order_price),
    orderQty: new Dec(r.order_qty),
    filled: new Dec(r.filled),
    entryCost: new Dec(r.entry_cost),
    qty: new Dec(r.qty),
    cost: new Dec(r.cost),
    margin: new Dec(r.margin),
    fee: new Dec(r.fee),
    funding: new Dec(r.funding),
    realizedPnl: new Dec(r.realized_pnl),
    returned: new Dec(r.returned),
    takeProfit: trim(r.take_profit),
    stopLoss: trim(r.stop_loss),
    status: r.status,
    orderOpen: r.order_open,
    closeOrderId: null,
    closePrice: trim(r.close_price),
    hold,
    createdAt: new Date(r.created_at),
    closedAt: r.closed_at === null ? null : new Date(r.closed_at),
  };
}

/** Pending and active positions of these contracts, oldest first (the books' time priority). */
export async function loadOpenPositions(q: Queryable, instIds: readonly string[]): Promise<LivePosition[]> {
  const res = await q.query<PositionRow>(`${SELECT} WHERE p.status IN ('pending', 'active') AND p.inst_id = ANY($1) ORDER BY p.seq`, [instIds]);
  return res.rows.map(fromRow);
}

export async function loadSystemPositions(q: Queryable, instIds: readonly string[]): Promise<SystemPositionRow[]> {
  const res = await q.query<{ inst_id: string; owner: string; qty: string; cost: string }>(
    `SELECT inst_id, owner, qty::text AS qty, cost::text AS cost FROM futures_system_positions WHERE inst_id = ANY($1)`,
    [instIds],
  );
  return res.rows.map((r) => ({ instId: r.inst_id, owner: r.owner, net: { qty: new Dec(r.qty), cost: new Dec(r.cost) } }));
}

/** A user's positions, newest first. */
export async function userPositions(q: Queryable, userId: string, status: 'open' | 'closed' | 'all', limit: number): Promise<LivePosition[]> {
  const where = status === 'open' ? `AND p.status IN ('pending', 'active')` : status === 'closed' ? `AND p.status NOT IN ('pending', 'active')` : '';
  const res = await q.query<PositionRow>(`${SELECT} WHERE p.user_id = $1 ${where} ORDER BY p.seq DESC LIMIT $2`, [userId, limit]);
  return res.rows.map(fromRow);
}

export async function positionOwner(q: Queryable, id: string): Promise<{ userId: string; status: string } | null> {
  const res = await q.query<{ user_id: string; status: string }>('SELECT user_id, status FROM futures_positions WHERE id = $1', [id]);
  const row = res.rows[0];
  return row ? { userId: row.user_id, status: row.status } : null;
}
