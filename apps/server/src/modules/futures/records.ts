import { columnParams, isoTime, insertRows, jsonRows, unnestRows, type Column, type RecordWriter } from '../../ledger/records.js';
import type { NetPosition } from './settlement.js';
import type { LiveOrder, LivePosition } from './types.js';

/** One user's share of a futures trade, a liquidation or a deleveraging (futures_fills). */
export interface FuturesFillRow {
  tradeId: number | null;
  positionId: string;
  /** The order that filled; null for a deleveraging or a delivery. */
  orderId: string | null;
  userId: string;
  instId: string;
  action: 'open' | 'close' | 'liquidation' | 'adl' | 'delivery';
  price: string;
  qty: string;
  fee: string;
  pnl: string;
  ts: number;
}

/** The simulated market's net position on a contract, read when the statement is built (once per batch). */
export interface SystemPositionRow {
  instId: string;
  owner: string;
  net: NetPosition;
}

export interface FundingRow {
  instId: string;
  fundingTime: number;
  rate: string;
  mark: string;
}

const orderColumns: readonly Column<LiveOrder>[] = [
  { name: 'id', type: 'text', value: (o) => o.id },
  { name: 'seq', type: 'bigint', value: (o) => o.seq },
  { name: 'user_id', type: 'uuid', value: (o) => o.userId },
  { name: 'inst_id', type: 'text', value: (o) => o.instId },
  { name: 'coin_id', type: 'integer', value: (o) => o.coin.pair_id },
  { name: 'symbol', type: 'text', value: (o) => o.coin.symbol },
  { name: 'side', type: 'text', value: (o) => o.side },
  { name: 'margin_mode', type: 'text', value: (o) => o.marginMode },
  { name: 'order_type', type: 'text', value: (o) => o.orderType },
  { name: 'leverage', type: 'integer', value: (o) => o.leverage },
  { name: 'reduce_only', type: 'boolean', value: (o) => o.reduceOnly },
  { name: 'position_id', type: 'text', value: (o) => o.positionId },
  { name: 'order_price', type: 'numeric', value: (o) => o.orderPrice },
  { name: 'order_qty', type: 'numeric', value: (o) => o.orderQty.toFixed() },
  { name: 'filled', type: 'numeric', value: (o) => o.filled.toFixed() },
  { name: 'entry_cost', type: 'numeric', value: (o) => o.entryCost.toFixed() },
  { name: 'fee', type: 'numeric', value: (o) => o.fee.toFixed() },
  { name: 'realized_pnl', type: 'numeric', value: (o) => o.realizedPnl.toFixed() },
  { name: 'take_profit', type: 'numeric', value: (o) => o.takeProfit },
  { name: 'stop_loss', type: 'numeric', value: (o) => o.stopLoss },
  { name: 'status', type: 'text', value: (o) => o.status },
  { name: 'order_open', type: 'boolean', value: (o) => o.orderOpen },
  { name: 'hold_id', type: 'uuid', value: (o) => o.hold?.id ?? null },
  { name: 'fee_rate_reserved', type: 'numeric', value: (o) => o.feeReserve?.toFixed() ?? null },
  { name: 'created_at', type: 'timestamptz', value: (o) => isoTime(o.createdAt) },
  { name: 'closed_at', type: 'timestamptz', value: (o) => o.closedAt?.toISOString() ?? null },
];

/**
 * Orders placed in the batch, as the batch leaves them (the objects are read when the statement is
 * built). Size, cost, margin, funding and what came back are the position's: an order's row keeps 0.
 */
export const ordersInsertWriter: RecordWriter<LiveOrder> = {
  name: 'futures_orders_new',
  paramCount: orderColumns.length,
  sql: (n) => `INSERT INTO futures_positions (id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, order_type, leverage,
    reduce_only, position_id, order_price, order_qty, filled, entry_cost, qty, cost, margin, fee, funding, realized_pnl, returned,
    take_profit, stop_loss, status, order_open, hold_id, fee_rate_reserved, created_at, updated_at, closed_at)
  SELECT id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, order_type, leverage,
    reduce_only, position_id, order_price, order_qty, filled, entry_cost, 0, 0, 0, fee, 0, realized_pnl, 0,
    take_profit, stop_loss, status, order_open, hold_id, fee_rate_reserved, created_at, now(), closed_at
  FROM ${unnestRows(orderColumns, n, 'p')}`,
  params: (rows) => columnParams(orderColumns, rows),
};

const changedOrderColumns = orderColumns.filter((c) =>
  ['id', 'position_id', 'filled', 'entry_cost', 'fee', 'realized_pnl', 'status', 'order_open', 'closed_at'].includes(c.name),
);

/** Orders of earlier batches that changed. */
export const ordersUpdateWriter: RecordWriter<LiveOrder> = {
  name: 'futures_orders_changed',
  paramCount: changedOrderColumns.length,
  sql: (n) => `UPDATE futures_positions f SET position_id = p.position_id, filled = p.filled, entry_cost = p.entry_cost, fee = p.fee,
    realized_pnl = p.realized_pnl, status = p.status, order_open = p.order_open, closed_at = p.closed_at, updated_at = now()
  FROM ${unnestRows(changedOrderColumns, n, 'p')}
  WHERE f.id = p.id`,
  params: (rows) => columnParams(changedOrderColumns, rows),
};

export interface PositionEndRow {
  positionId: string;
  status: 'closed' | 'liquidated';
  at: Date;
  /**
   * The batch's own order rows, read when the statement is built: ordersUpdateWriter writes them
   * (their end set in memory), and a row updated twice in one statement keeps one of the two.
   */
  written: () => Iterable<LiveOrder>;
}

/** A position ended: the orders that filled into it and no longer rest take its end as theirs. */
export const positionOrdersEndedWriter: RecordWriter<PositionEndRow> = {
  name: 'futures_position_orders_ended',
  paramCount: 1,
  sql: (n) => `UPDATE futures_positions f SET status = e.status, closed_at = e.at, updated_at = now()
  FROM json_to_recordset($${n}::json) AS e(position_id text, status text, at timestamptz, written text[])
  WHERE f.position_id = e.position_id AND f.status = 'active' AND NOT f.order_open AND NOT (f.id = ANY(e.written))`,
  params: (rows) => [
    jsonRows(rows.map((r) => ({ position_id: r.positionId, status: r.status, at: r.at.toISOString(), written: [...r.written()].map((o) => o.id) }))),
  ],
};

const positionColumns: readonly Column<LivePosition>[] = [
  { name: 'id', type: 'text', value: (p) => p.id },
  { name: 'seq', type: 'bigint', value: (p) => p.seq },
  { name: 'user_id', type: 'uuid', value: (p) => p.userId },
  { name: 'inst_id', type: 'text', value: (p) => p.instId },
  { name: 'coin_id', type: 'integer', value: (p) => p.coin.pair_id },
  { name: 'symbol', type: 'text', value: (p) => p.coin.symbol },
  { name: 'side', type: 'text', value: (p) => p.side },
  { name: 'margin_mode', type: 'text', value: (p) => p.marginMode },
  { name: 'leverage', type: 'integer', value: (p) => p.leverage },
  { name: 'opened_qty', type: 'numeric', value: (p) => p.openedQty.toFixed() },
  { name: 'opened_cost', type: 'numeric', value: (p) => p.openedCost.toFixed() },
  { name: 'qty', type: 'numeric', value: (p) => p.qty.toFixed() },
  { name: 'cost', type: 'numeric', value: (p) => p.cost.toFixed() },
  { name: 'margin', type: 'numeric', value: (p) => p.margin.toFixed() },
  { name: 'fee', type: 'numeric', value: (p) => p.fee.toFixed() },
  { name: 'funding', type: 'numeric', value: (p) => p.funding.toFixed() },
  { name: 'realized_pnl', type: 'numeric', value: (p) => p.realizedPnl.toFixed() },
  { name: 'returned', type: 'numeric', value: (p) => p.returned.toFixed() },
  { name: 'take_profit', type: 'numeric', value: (p) => p.takeProfit },
  { name: 'stop_loss', type: 'numeric', value: (p) => p.stopLoss },
  { name: 'trigger_by', type: 'text', value: (p) => p.triggerBy },
  { name: 'status', type: 'text', value: (p) => p.status },
  { name: 'close_price', type: 'numeric', value: (p) => p.closePrice },
  { name: 'hold_id', type: 'uuid', value: (p) => p.hold.id },
  { name: 'created_at', type: 'timestamptz', value: (p) => isoTime(p.createdAt) },
  { name: 'closed_at', type: 'timestamptz', value: (p) => p.closedAt?.toISOString() ?? null },
];
/** What a change of a position writes: all but what it was opened with. */
const changedPositionColumns = positionColumns.filter((c) => !['seq', 'user_id', 'inst_id', 'coin_id', 'symbol', 'side', 'margin_mode', 'created_at'].includes(c.name));

/** Positions opened in the batch, as the batch leaves them. */
export const positionsInsertWriter: RecordWriter<LivePosition> = {
  name: 'futures_positions_new',
  paramCount: positionColumns.length,
  sql: (n) => insertRows('futures_user_positions', positionColumns, n, ['updated_at']),
  params: (rows) => columnParams(positionColumns, rows),
};

/** Positions of earlier batches that changed (their hold too: it is placed anew as the position grows). */
export const positionsUpdateWriter: RecordWriter<LivePosition> = {
  name: 'futures_positions_changed',
  paramCount: changedPositionColumns.length,
  sql: (n) => `UPDATE futures_user_positions f SET leverage = p.leverage, opened_qty = p.opened_qty, opened_cost = p.opened_cost, qty = p.qty, cost = p.cost, margin = p.margin, fee = p.fee,
    funding = p.funding, realized_pnl = p.realized_pnl, returned = p.returned, take_profit = p.take_profit, stop_loss = p.stop_loss, trigger_by = p.trigger_by,
    status = p.status, close_price = p.close_price, hold_id = p.hold_id, closed_at = p.closed_at, updated_at = now()
  FROM ${unnestRows(changedPositionColumns, n, 'p')}
  WHERE f.id = p.id`,
  params: (rows) => columnParams(changedPositionColumns, rows),
};

export const systemPositionsWriter: RecordWriter<SystemPositionRow> = {
  name: 'futures_system_positions',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_system_positions (inst_id, owner, qty, cost)
  SELECT inst_id, owner, qty, cost FROM json_to_recordset($${n}::json) AS s(inst_id text, owner text, qty numeric, cost numeric)
  ON CONFLICT (inst_id, owner) DO UPDATE SET qty = EXCLUDED.qty, cost = EXCLUDED.cost`,
  params: (rows) => [jsonRows(rows.map((r) => ({ inst_id: r.instId, owner: r.owner, qty: r.net.qty.toFixed(), cost: r.net.cost.toFixed() })))],
};

const fillColumns: readonly Column<FuturesFillRow>[] = [
  { name: 'trade_id', type: 'bigint', value: (f) => f.tradeId },
  { name: 'position_id', type: 'text', value: (f) => f.positionId },
  { name: 'order_id', type: 'text', value: (f) => f.orderId },
  { name: 'user_id', type: 'uuid', value: (f) => f.userId },
  { name: 'inst_id', type: 'text', value: (f) => f.instId },
  { name: 'action', type: 'text', value: (f) => f.action },
  { name: 'price', type: 'numeric', value: (f) => f.price },
  { name: 'qty', type: 'numeric', value: (f) => f.qty },
  { name: 'fee', type: 'numeric', value: (f) => f.fee },
  { name: 'pnl', type: 'numeric', value: (f) => f.pnl },
  { name: 'created_at', type: 'timestamptz', value: (f) => isoTime(f.ts) },
];

export const futuresFillsWriter: RecordWriter<FuturesFillRow> = {
  name: 'futures_fills',
  paramCount: fillColumns.length,
  sql: (n) => insertRows('futures_fills', fillColumns, n),
  params: (rows) => columnParams(fillColumns, rows),
};

export interface SettledRow {
  instId: string;
  price: string;
  at: Date;
}

/** A delivery contract's settlement, in the statement that closes its positions. */
export const contractSettledWriter: RecordWriter<SettledRow> = {
  name: 'futures_contracts_settled',
  paramCount: 1,
  sql: (n) => `UPDATE futures_contracts c SET settled_at = s.at, settlement_price = s.price
  FROM json_to_recordset($${n}::json) AS s(inst_id text, price numeric, at timestamptz)
  WHERE c.inst_id = s.inst_id`,
  params: (rows) => [jsonRows(rows.map((r) => ({ inst_id: r.instId, price: r.price, at: r.at.toISOString() })))],
};

/** One row per contract and funding time: the primary key makes a second settlement of the same time fail its batch. */
export const fundingWriter: RecordWriter<FundingRow> = {
  name: 'futures_funding',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_funding (inst_id, funding_time, rate, mark)
  SELECT inst_id, funding_time, rate, mark FROM json_to_recordset($${n}::json) AS r(inst_id text, funding_time bigint, rate numeric, mark numeric)`,
  params: (rows) => [jsonRows(rows.map((r) => ({ inst_id: r.instId, funding_time: r.fundingTime, rate: r.rate, mark: r.mark })))],
};
