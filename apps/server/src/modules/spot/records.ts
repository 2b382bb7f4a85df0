import { columnParams, isoTime, insertRows, unnestRows, type Column, type RecordWriter } from '../../ledger/records.js';
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

const newOrderColumns: readonly Column<LiveOrder>[] = [
  { name: 'id', type: 'text', value: (o) => o.id },
  { name: 'seq', type: 'bigint', value: (o) => o.seq },
  { name: 'user_id', type: 'uuid', value: (o) => o.userId },
  { name: 'coin_id', type: 'integer', value: (o) => o.coin.pair_id },
  { name: 'symbol', type: 'text', value: (o) => o.coin.symbol },
  { name: 'side', type: 'text', value: (o) => o.side },
  { name: 'exec_type', type: 'text', value: (o) => o.execType },
  { name: 'tif', type: 'text', value: (o) => o.tif },
  { name: 'price', type: 'numeric', value: (o) => o.price },
  { name: 'stop_price', type: 'numeric', value: (o) => o.stopPrice },
  { name: 'amount', type: 'numeric', value: (o) => o.amount },
  { name: 'budget', type: 'numeric', value: (o) => o.budget },
  { name: 'filled', type: 'numeric', value: (o) => o.filled.toFixed() },
  { name: 'filled_quote', type: 'numeric', value: (o) => o.filledQuote.toFixed() },
  { name: 'fee', type: 'numeric', value: (o) => o.fee.toFixed() },
  { name: 'fee_asset', type: 'text', value: (o) => o.feeAsset },
  { name: 'status', type: 'text', value: (o) => o.status },
  { name: 'is_open', type: 'boolean', value: (o) => o.open },
  { name: 'triggered', type: 'boolean', value: (o) => o.triggered },
  { name: 'hold_id', type: 'uuid', value: (o) => o.hold.id },
  { name: 'created_at', type: 'timestamptz', value: (o) => isoTime(o.createdAt) },
  { name: 'cl_ord_id', type: 'text', value: (o) => o.clOrdId },
  { name: 'tag', type: 'text', value: (o) => o.tag },
];

/**
 * Orders placed in the batch. The rows are the live order objects, read when the statement is
 * built after every job of the batch ran, so they carry the order as the batch leaves it.
 */
export const ordersInsertWriter: RecordWriter<LiveOrder> = {
  name: 'spot_orders_new',
  paramCount: newOrderColumns.length,
  sql: (n) => insertRows('spot_orders', newOrderColumns, n, ['updated_at']),
  params: (rows) => columnParams(newOrderColumns, rows),
};

const changedOrderColumns: readonly Column<LiveOrder>[] = [
  { name: 'id', type: 'text', value: (o) => o.id },
  { name: 'filled', type: 'numeric', value: (o) => o.filled.toFixed() },
  { name: 'filled_quote', type: 'numeric', value: (o) => o.filledQuote.toFixed() },
  { name: 'fee', type: 'numeric', value: (o) => o.fee.toFixed() },
  { name: 'status', type: 'text', value: (o) => o.status },
  { name: 'is_open', type: 'boolean', value: (o) => o.open },
  { name: 'triggered', type: 'boolean', value: (o) => o.triggered },
];

/** Orders of earlier batches that changed; joined by primary key to `unnest` of arrays (see ledger/statement.ts). */
export const ordersUpdateWriter: RecordWriter<LiveOrder> = {
  name: 'spot_orders_changed',
  paramCount: changedOrderColumns.length,
  sql: (n) => `UPDATE spot_orders s SET filled = d.filled, filled_quote = d.filled_quote, fee = d.fee, status = d.status,
    is_open = d.is_open, triggered = d.triggered, updated_at = now()
  FROM ${unnestRows(changedOrderColumns, n, 'd')}
  WHERE s.id = d.id`,
  params: (rows) => columnParams(changedOrderColumns, rows),
};

const fillColumns: readonly Column<FillRow>[] = [
  { name: 'trade_id', type: 'bigint', value: (f) => f.tradeId },
  { name: 'order_id', type: 'text', value: (f) => f.orderId },
  { name: 'user_id', type: 'uuid', value: (f) => f.userId },
  { name: 'symbol', type: 'text', value: (f) => f.symbol },
  { name: 'side', type: 'text', value: (f) => f.side },
  { name: 'role', type: 'text', value: (f) => f.role },
  { name: 'price', type: 'numeric', value: (f) => f.price },
  { name: 'qty', type: 'numeric', value: (f) => f.qty },
  { name: 'fee', type: 'numeric', value: (f) => f.fee },
  { name: 'fee_asset', type: 'text', value: (f) => f.feeAsset },
  { name: 'created_at', type: 'timestamptz', value: (f) => isoTime(f.ts) },
];

export const fillsWriter: RecordWriter<FillRow> = {
  name: 'spot_fills',
  paramCount: fillColumns.length,
  sql: (n) => insertRows('spot_fills', fillColumns, n),
  params: (rows) => columnParams(fillColumns, rows),
};
