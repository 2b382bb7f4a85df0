import { columnParams, insertRows, type Column, type RecordWriter } from '../ledger/records.js';
import type { Trade } from './events.js';

const columns: readonly Column<Trade>[] = [
  { name: 'id', type: 'bigint', value: (t) => t.id },
  { name: 'symbol', type: 'text', value: (t) => t.symbol },
  { name: 'price', type: 'numeric', value: (t) => t.price },
  { name: 'qty', type: 'numeric', value: (t) => t.qty },
  { name: 'taker_side', type: 'text', value: (t) => t.takerSide },
  { name: 'maker_order_id', type: 'text', value: (t) => t.makerOrderId },
  { name: 'taker_order_id', type: 'text', value: (t) => t.takerOrderId },
  { name: 'created_at', type: 'timestamptz', value: (t) => new Date(t.ts).toISOString() },
];

/** Every trade of a venue, written in the batch that settles it, so no fill ever refers to a trade that was not stored. */
export const tradesWriter: RecordWriter<Trade> = {
  name: 'trades',
  paramCount: columns.length,
  sql: (n) => insertRows('trades', columns, n),
  params: (rows) => columnParams(columns, rows),
};
