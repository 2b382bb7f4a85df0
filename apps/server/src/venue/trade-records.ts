import { jsonRows, type RecordWriter } from '../ledger/records.js';
import type { Trade } from './events.js';

/** Every trade of a venue, written in the batch that settles it, so no fill ever refers to a trade that was not stored. */
export const tradesWriter: RecordWriter<Trade> = {
  name: 'trades',
  paramCount: 1,
  sql: (n) => `INSERT INTO trades (id, symbol, price, qty, taker_side, maker_order_id, taker_order_id, created_at)
  SELECT id, symbol, price, qty, taker_side, maker_order_id, taker_order_id, created_at
  FROM json_to_recordset($${n}::json) AS t(id bigint, symbol text, price numeric, qty numeric, taker_side text,
    maker_order_id text, taker_order_id text, created_at timestamptz)`,
  params: (rows) => [
    jsonRows(
      rows.map((t) => ({
        id: t.id,
        symbol: t.symbol,
        price: t.price,
        qty: t.qty,
        taker_side: t.takerSide,
        maker_order_id: t.makerOrderId,
        taker_order_id: t.takerOrderId,
        created_at: new Date(t.ts).toISOString(),
      })),
    ),
  ],
};
