import { jsonRows, type RecordWriter } from '../../ledger/records.js';
import type { LiveOrder } from './types.js';

/** A user's share of a trade (spot_fills). */
export interface FillRow {
  tradeId: number;
  orderId: string;
  userId: string;
  symbol: string;
  side: string;
  role: 'maker' | 'taker';
  price: string;
  qty: string;
  fee: string;
  feeAsset: string;
  ts: number;
}

/**
 * Orders placed in the batch. The rows are the live order objects, read when the statement is
 * built after every job of the batch ran, so they carry the order as the batch leaves it.
 */
export const ordersInsertWriter: RecordWriter<LiveOrder> = {
  name: 'spot_orders_new',
  paramCount: 1,
  sql: (n) => `INSERT INTO spot_orders (id, seq, user_id, coin_id, symbol, side, exec_type, tif, price, stop_price, amount, budget,
    filled, filled_quote, fee, fee_asset, status, is_open, triggered, hold_id, created_at, updated_at)
  SELECT id, seq, user_id, coin_id, symbol, side, exec_type, tif, price, stop_price, amount, budget,
    filled, filled_quote, fee, fee_asset, status, is_open, triggered, hold_id, created_at, now()
  FROM json_to_recordset($${n}::json) AS o(id text, seq bigint, user_id uuid, coin_id integer, symbol text, side text,
    exec_type text, tif text, price numeric, stop_price numeric, amount numeric, budget numeric, filled numeric,
    filled_quote numeric, fee numeric, fee_asset text, status text, is_open boolean, triggered boolean,
    hold_id uuid, created_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((o) => ({
        id: o.id,
        seq: o.seq,
        user_id: o.userId,
        coin_id: o.coin.pair_id,
        symbol: o.coin.symbol,
        side: o.side,
        exec_type: o.execType,
        tif: o.tif,
        price: o.price,
        stop_price: o.stopPrice,
        amount: o.amount,
        budget: o.budget,
        filled: o.filled.toFixed(),
        filled_quote: o.filledQuote.toFixed(),
        fee: o.fee.toFixed(),
        fee_asset: o.feeAsset,
        status: o.status,
        is_open: o.open,
        triggered: o.triggered,
        hold_id: o.hold.id,
        created_at: o.createdAt.toISOString(),
      })),
    ),
  ],
};

/** Orders of earlier batches that changed; joined by primary key to `unnest` of arrays (see ledger/statement.ts). */
export const ordersUpdateWriter: RecordWriter<LiveOrder> = {
  name: 'spot_orders_changed',
  paramCount: 7,
  sql: (n) => `UPDATE spot_orders s SET filled = d.filled, filled_quote = d.filled_quote, fee = d.fee, status = d.status,
    is_open = d.is_open, triggered = d.triggered, updated_at = now()
  FROM unnest($${n}::text[], $${n + 1}::numeric[], $${n + 2}::numeric[], $${n + 3}::numeric[], $${n + 4}::text[],
    $${n + 5}::boolean[], $${n + 6}::boolean[]) AS d(id, filled, filled_quote, fee, status, is_open, triggered)
  WHERE s.id = d.id`,
  params: (rows) => [
    rows.map((o) => o.id),
    rows.map((o) => o.filled.toFixed()),
    rows.map((o) => o.filledQuote.toFixed()),
    rows.map((o) => o.fee.toFixed()),
    rows.map((o) => o.status),
    rows.map((o) => o.open),
    rows.map((o) => o.triggered),
  ],
};

export const fillsWriter: RecordWriter<FillRow> = {
  name: 'spot_fills',
  paramCount: 1,
  sql: (n) => `INSERT INTO spot_fills (trade_id, order_id, user_id, symbol, side, role, price, qty, fee, fee_asset, created_at)
  SELECT trade_id, order_id, user_id, symbol, side, role, price, qty, fee, fee_asset, created_at
  FROM json_to_recordset($${n}::json) AS f(trade_id bigint, order_id text, user_id uuid, symbol text, side text,
    role text, price numeric, qty numeric, fee numeric, fee_asset text, created_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((f) => ({
        trade_id: f.tradeId,
        order_id: f.orderId,
        user_id: f.userId,
        symbol: f.symbol,
        side: f.side,
        role: f.role,
        price: f.price,
        qty: f.qty,
        fee: f.fee,
        fee_asset: f.feeAsset,
        created_at: new Date(f.ts).toISOString(),
      })),
    ),
  ],
};
