import type { Queryable } from '../../db/database.js';
import type { Trade } from '../../venue/events.js';

interface TradeRow {
  id: string;
  symbol: string;
  price: string;
  qty: string;
  taker_side: 'buy' | 'sell';
  maker_order_id: string;
  taker_order_id: string;
  created_at: Date | string;
}

function fromRow(r: TradeRow): Trade {
  return {
    id: Number(r.id),
    symbol: r.symbol,
    price: r.price,
    qty: r.qty,
    takerSide: r.taker_side,
    makerOrderId: r.maker_order_id,
    takerOrderId: r.taker_order_id,
    ts: new Date(r.created_at).getTime(),
  };
}

/** The last stored price of every symbol that ever traded. */
export async function lastPrices(q: Queryable): Promise<Record<string, string>> {
  const res = await q.query<{ symbol: string; price: string }>(
    `SELECT DISTINCT ON (symbol) symbol, price::text AS price FROM trades ORDER BY symbol, id DESC`,
  );
  return Object.fromEntries(res.rows.map((r) => [r.symbol, r.price]));
}

/** Trades since `sinceMs`, oldest first, at most `limit` (the newest ones when there are more). */
export async function tradesSince(q: Queryable, sinceMs: number, limit: number): Promise<Trade[]> {
  const res = await q.query<TradeRow>(
    `SELECT * FROM (
       SELECT id::text AS id, symbol, price::text AS price, qty::text AS qty, taker_side,
              maker_order_id, taker_order_id, created_at
       FROM trades WHERE created_at >= $1 ORDER BY id DESC LIMIT $2
     ) recent ORDER BY id`,
    [new Date(sinceMs), limit],
  );
  return res.rows.map(fromRow);
}

/** The newest `limit` trades of one symbol (a coin, or a contract's instId), newest first. */
export async function recentTrades(q: Queryable, symbol: string, limit: number): Promise<Trade[]> {
  const res = await q.query<TradeRow>(
    `SELECT id::text AS id, symbol, price::text AS price, qty::text AS qty, taker_side, maker_order_id, taker_order_id, created_at
     FROM trades WHERE symbol = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [symbol, limit],
  );
  return res.rows.map(fromRow);
}
