import type { FinanceMarketRow } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';

/**
 * Each perpetual's fills since `since` for the console's dashboard: a trade between two users
 * counts once (its first fill), a fill against the system (a liquidation, a delivery) on its own.
 */
export async function futuresActivitySince(q: Queryable, since: Date): Promise<FinanceMarketRow[]> {
  const res = await q.query<{ inst_id: string; trades: number; volume: string; fees: string }>(
    `SELECT t.inst_id, count(*)::int AS trades, sum(t.price * t.qty)::text AS volume,
            (SELECT sum(fee) FROM futures_fills f WHERE f.inst_id = t.inst_id AND f.created_at >= $1)::text AS fees
     FROM (SELECT DISTINCT ON (coalesce(trade_id::text, 'fill:' || id::text)) inst_id, price, qty
           FROM futures_fills WHERE created_at >= $1 ORDER BY coalesce(trade_id::text, 'fill:' || id::text), id) t
     GROUP BY t.inst_id ORDER BY t.inst_id LIMIT 100`,
    [since],
  );
  return res.rows.map((r) => ({ product: 'futures', market: r.inst_id, trades: r.trades, volume: r.volume, volume_asset: 'USDT', fees: [{ asset: 'USDT', amount: r.fees }] }));
}
