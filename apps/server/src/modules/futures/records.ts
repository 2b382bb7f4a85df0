import { jsonRows, type RecordWriter } from '../../ledger/records.js';
import type { NetPosition } from './settlement.js';
import type { LivePosition } from './types.js';

/** One user's share of a futures trade, a liquidation or a deleveraging (futures_fills). */
export interface FuturesFillRow {
  tradeId: number | null;
  positionId: string;
  userId: string;
  instId: string;
  action: 'open' | 'close' | 'liquidation' | 'adl';
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

const positionJson = (p: LivePosition) => ({
  id: p.id,
  seq: p.seq,
  user_id: p.userId,
  inst_id: p.instId,
  coin_id: p.coin.pair_id,
  symbol: p.coin.symbol,
  side: p.side,
  margin_mode: p.marginMode,
  order_type: p.orderType,
  leverage: p.leverage,
  order_price: p.orderPrice,
  order_qty: p.orderQty.toFixed(),
  filled: p.filled.toFixed(),
  entry_cost: p.entryCost.toFixed(),
  qty: p.qty.toFixed(),
  cost: p.cost.toFixed(),
  margin: p.margin.toFixed(),
  fee: p.fee.toFixed(),
  funding: p.funding.toFixed(),
  realized_pnl: p.realizedPnl.toFixed(),
  returned: p.returned.toFixed(),
  take_profit: p.takeProfit,
  stop_loss: p.stopLoss,
  status: p.status,
  order_open: p.orderOpen,
  close_price: p.closePrice,
  hold_id: p.hold.id,
  created_at: p.createdAt.toISOString(),
  closed_at: p.closedAt?.toISOString() ?? null,
});

const POSITION_COLUMNS = `id text, seq bigint, user_id uuid, inst_id text, coin_id integer, symbol text, side text,
    margin_mode text, order_type text, leverage integer, order_price numeric, order_qty numeric, filled numeric,
    entry_cost numeric, qty numeric, cost numeric, margin numeric, fee numeric, funding numeric, realized_pnl numeric,
    returned numeric, take_profit numeric, stop_loss numeric, status text, order_open boolean, close_price numeric,
    hold_id uuid, created_at timestamptz, closed_at timestamptz`;

/** Positions opened in the batch, as the batch leaves them (the objects are read when the statement is built). */
export const positionsInsertWriter: RecordWriter<LivePosition> = {
  name: 'futures_positions_new',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_positions (id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, order_type, leverage,
    order_price, order_qty, filled, entry_cost, qty, cost, margin, fee, funding, realized_pnl, returned, take_profit, stop_loss,
    status, order_open, close_price, hold_id, created_at, updated_at, closed_at)
  SELECT id, seq, user_id, inst_id, coin_id, symbol, side, margin_mode, order_type, leverage,
    order_price, order_qty, filled, entry_cost, qty, cost, margin, fee, funding, realized_pnl, returned, take_profit, stop_loss,
    status, order_open, close_price, hold_id, created_at, now(), closed_at
  FROM json_to_recordset($${n}::json) AS p(${POSITION_COLUMNS})`,
  params: (rows) => [jsonRows(rows.map(positionJson))],
};

/** Positions of earlier batches that changed. */
export const positionsUpdateWriter: RecordWriter<LivePosition> = {
  name: 'futures_positions_changed',
  paramCount: 1,
  sql: (n) => `UPDATE futures_positions f SET filled = p.filled, entry_cost = p.entry_cost, qty = p.qty, cost = p.cost,
    margin = p.margin, fee = p.fee, funding = p.funding, realized_pnl = p.realized_pnl, returned = p.returned,
    take_profit = p.take_profit, stop_loss = p.stop_loss, status = p.status, order_open = p.order_open,
    close_price = p.close_price, closed_at = p.closed_at, updated_at = now()
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
  sql: (n) => `INSERT INTO futures_fills (trade_id, position_id, user_id, inst_id, action, price, qty, fee, pnl, created_at)
  SELECT trade_id, position_id, user_id, inst_id, action, price, qty, fee, pnl, created_at
  FROM json_to_recordset($${n}::json) AS f(trade_id bigint, position_id text, user_id uuid, inst_id text, action text,
    price numeric, qty numeric, fee numeric, pnl numeric, created_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((f) => ({
        trade_id: f.tradeId,
        position_id: f.positionId,
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

/** One row per contract and funding time: the primary key makes a second settlement of the same time fail its batch. */
export const fundingWriter: RecordWriter<FundingRow> = {
  name: 'futures_funding',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_funding (inst_id, funding_time, rate, mark)
  SELECT inst_id, funding_time, rate, mark FROM json_to_recordset($${n}::json) AS r(inst_id text, funding_time bigint, rate numeric, mark numeric)`,
  params: (rows) => [jsonRows(rows.map((r) => ({ inst_id: r.instId, funding_time: r.fundingTime, rate: r.rate, mark: r.mark })))],
};
