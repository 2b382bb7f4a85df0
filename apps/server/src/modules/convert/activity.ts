import type { FinanceMarketRow } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';

/** Conversions since `since` per pair for the console's dashboard, in the asset sold; the desk earns a spread, no fee. */
export async function convertActivitySince(q: Queryable, since: Date): Promise<FinanceMarketRow[]> {
  const res = await q.query<{ convert_from: string; convert_to: string; trades: number; volume: string }>(
    `SELECT convert_from, convert_to, count(*)::int AS trades, sum(amount)::text AS volume
     FROM conversions WHERE created_at >= $1 GROUP BY convert_from, convert_to ORDER BY convert_from, convert_to LIMIT 100`,
    [since],
  );
  return res.rows.map((r) => ({ product: 'convert', market: `${r.convert_from}→${r.convert_to}`, trades: r.trades, volume: r.volume, volume_asset: r.convert_from, fees: [] }));
}
