import { jsonRows, type RecordWriter } from '../../ledger/records.js';
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

const orderJson = (o: LiveOrder) => ({
  id: o.id,
  seq: o.seq,
  user_id: o.userId,
  inst_id: o.instId,
  coin_id: o.coin.pair_id,
  symbol: o.coin.symbol,
  side: o.side,
  margin_mode: o.marginMode,
  order_type: o.orderType,
  leverage: o.leverage,
  reduce_only: o.reduceOnly,
  position_id: o.positionId,
  order_price: o.orderPrice,
  order_qty: o.orderQty.toFixed(),
  filled: o.filled.toFixed(),
  entry_cost: o.entryCost.toFixed(),
  fee: o.fee.toFixed(),
  realized_pnl: o.realizedPnl.toFixed(),
  take_profit: o.takeProfit,
  stop_loss: o.stopLoss,
  status: o.status,
  order_open: o.orderOpen,
  hold_id: o.hold?.id ?? null,
  fee_rate_reserved: o.feeReserve?.toFixed() ?? null,
  created_at: o.createdAt.toISOString(),
  closed_at: o.closedAt?.toISOString() ?? null,
});

const ORDER_COLUMNS = `id text, seq bigint, user_id uuid, inst_id text, coin_id integer, symbol text, side text,
    margin_mode text, order_type text, leverage integer, reduce_only boolean, position_id text, order_price numeric,
    order_qty numeric, filled numeric, entry_cost numeric, fee numeric, realized_pnl numeric, take_profit numeric,
    stop_loss numeric, status text, order_open boolean, hold_id uuid, fee_rate_reserved numeric, created_at timestamptz, closed_at timestamptz`;

/**
 * Orders placed in the batch, as the batch leaves them (the objects are read when the statement is
 * built). Size, cost, margin, funding and what came back are the position's: an order's row keeps 0.
 */
export const ordersInsertWriter: RecordWriter<LiveOrder> = {
  name: 'futures_orders_new',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_positions (id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, order_type, leverage,
    reduce_only, position_id, order_price, order_qty, filled, entry_cost, qty, cost, margin, fee, funding, realized_pnl, returned,
    take_profit, stop_loss, status, order_open, hold_id, fee_rate_reserved, created_at, updated_at, closed_at)
  SELECT id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, order_type, leverage,
    reduce_only, position_id, order_price, order_qty, filled, entry_cost, 0, 0, 0, fee, 0, realized_pnl, 0,
    take_profit, stop_loss, status, order_open, hold_id, fee_rate_reserved, created_at, now(), closed_at
  FROM json_to_recordset($${n}::json) AS p(${ORDER_COLUMNS})`,
  params: (rows) => [jsonRows(rows.map(orderJson))],
};

/** Orders of earlier batches that changed. */
export const ordersUpdateWriter: RecordWriter<LiveOrder> = {
  name: 'futures_orders_changed',
  paramCount: 1,
  sql: (n) => `UPDATE futures_positions f SET position_id = p.position_id, filled = p.filled, entry_cost = p.entry_cost, fee = p.fee,
    realized_pnl = p.realized_pnl, status = p.status, order_open = p.order_open, closed_at = p.closed_at, updated_at = now()
  FROM json_to_recordset($${n}::json) AS p(${ORDER_COLUMNS})
  WHERE f.id = p.id`,
  params: (rows) => [jsonRows(rows.map(orderJson))],
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

const positionJson = (p: LivePosition) => ({
  id: p.id,
  seq: p.seq,
  user_id: p.userId,
  inst_id: p.instId,
  coin_id: p.coin.pair_id,
  symbol: p.coin.symbol,
  side: p.side,
  margin_mode: p.marginMode,
  leverage: p.leverage,
  opened_qty: p.openedQty.toFixed(),
  opened_cost: p.openedCost.toFixed(),
  qty: p.qty.toFixed(),
  cost: p.cost.toFixed(),
  margin: p.margin.toFixed(),
  fee: p.fee.toFixed(),
  funding: p.funding.toFixed(),
  realized_pnl: p.realizedPnl.toFixed(),
  returned: p.returned.toFixed(),
  take_profit: p.takeProfit,
  stop_loss: p.stopLoss,
  trigger_by: p.triggerBy,
  status: p.status,
  close_price: p.closePrice,
  hold_id: p.hold.id,
  created_at: p.createdAt.toISOString(),
  closed_at: p.closedAt?.toISOString() ?? null,
});

const POSITION_COLUMNS = `id text, seq bigint, user_id uuid, inst_id text, coin_id integer, symbol text, side text,
    margin_mode text, leverage integer, opened_qty numeric, opened_cost numeric, qty numeric, cost numeric, margin numeric, fee numeric, funding numeric,
    realized_pnl numeric, returned numeric, take_profit numeric, stop_loss numeric, trigger_by text, status text, close_price numeric,
    hold_id uuid, created_at timestamptz, closed_at timestamptz`;

/** Positions opened in the batch, as the batch leaves them. */
export const positionsInsertWriter: RecordWriter<LivePosition> = {
  name: 'futures_positions_new',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_user_positions (id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, leverage, opened_qty, opened_cost,
    qty, cost, margin, fee, funding, realized_pnl, returned, take_profit, stop_loss, trigger_by, status, close_price, hold_id, created_at, updated_at, closed_at)
  SELECT id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, leverage, opened_qty, opened_cost, qty, cost,
    margin, fee, funding, realized_pnl, returned, take_profit, stop_loss, trigger_by, status, close_price, hold_id, created_at, now(), closed_at
  FROM json_to_recordset($${n}::json) AS p(${POSITION_COLUMNS})`,
  params: (rows) => [jsonRows(rows.map(positionJson))],
};

/** Positions of earlier batches that changed (their hold too: it is placed anew as the position grows). */
export const positionsUpdateWriter: RecordWriter<LivePosition> = {
  name: 'futures_positions_changed',
  paramCount: 1,
  sql: (n) => `UPDATE futures_user_positions f SET leverage = p.leverage, opened_qty = p.opened_qty, opened_cost = p.opened_cost, qty = p.qty, cost = p.cost, margin = p.margin, fee = p.fee,
    funding = p.funding, realized_pnl = p.realized_pnl, returned = p.returned, take_profit = p.take_profit, stop_loss = p.stop_loss, trigger_by = p.trigger_by,
    status = p.status, close_price = p.close_price, hold_id = p.hold_id, closed_at = p.closed_at, updated_at = now()
  FROM json_to_recordset($${n}::json) AS p(${POSITION_COLUMNS})
  WHERE f.id = p.id`,
  params: (rows) => [jsonRows(rows.map(positionJson))],
};

export const systemPositionsWriter: RecordWriter<SystemPositionRow> = {
  name: 'futures_system_positions',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_system_positions (inst_id, owner, qty, cost)
  SELECT inst_id, owner, qty, cost FROM json_to_recordset($${n}::json) AS s(inst_id text, owner text, qty numeric, cost numeric)
  ON CONFLICT (inst_id, owner) DO UPDATE SET qty = EXCLUDED.qty, cost = EXCLUDED.cost`,
  params: (rows) => [jsonRows(rows.map((r) => ({ inst_id: r.instId, owner: r.owner, qty: r.net.qty.toFixed(), cost: r.net.cost.toFixed() })))],
};

export const futuresFillsWriter: RecordWriter<FuturesFillRow> = {
  name: 'futures_fills',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_fills (trade_id, position_id, order_id, user_id, inst_id, action, price, qty, fee, pnl, created_at)
  SELECT trade_id, position_id, order_id, user_id, inst_id, action, price, qty, fee, pnl, created_at
  FROM json_to_recordset($${n}::json) AS f(trade_id bigint, position_id text, order_id text, user_id uuid, inst_id text, action text,
    price numeric, qty numeric, fee numeric, pnl numeric, created_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((f) => ({
        trade_id: f.tradeId,
        position_id: f.positionId,
        order_id: f.orderId,
        user_id: f.userId,
        inst_id: f.instId,
        action: f.action,
        price: f.price,
        qty: f.qty,
        fee: f.fee,
        pnl: f.pnl,
        created_at: new Date(f.ts).toISOString(),
      })),
    ),
  ],
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
