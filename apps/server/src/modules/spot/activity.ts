import type { FinanceMarketRow } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';

/** Each spot market's trades since `since` for the console's dashboard: the volume is the takers' side in USDT, the fees both sides'. */
export async function spotActivitySince(q: Queryable, since: Date): Promise<FinanceMarketRow[]> {
  const res = await q.query<{ symbol: string; trades: number; volume: string | null; fees: { asset: string; amount: string }[] }>(
    `SELECT symbol,
            count(*) FILTER (WHERE role = 'taker')::int AS trades,
            (sum(price * qty) FILTER (WHERE role = 'taker'))::text AS volume,
            (SELECT coalesce(json_agg(json_build_object('asset', f.fee_asset, 'amount', f.total::text) ORDER BY f.fee_asset), '[]'::json)
               FROM (SELECT fee_asset, sum(fee) AS total FROM spot_fills g WHERE g.symbol = s.symbol AND g.created_at >= $1 GROUP BY fee_asset) f) AS fees
     FROM spot_fills s WHERE created_at >= $1 GROUP BY symbol ORDER BY symbol LIMIT 100`,
    [since],
  );
  return res.rows.map((r) => ({ product: 'spot', market: `${r.symbol}-USDT`, trades: r.trades, volume: r.volume ?? '0', volume_asset: 'USDT', fees: r.fees }));
}
