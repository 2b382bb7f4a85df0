import type { Queryable } from '../../db/database.js';

/**
 * USDT value of a user's fills since `since`: spot fills are quoted in USDT, futures fills are
 * USDT-margined contracts of price × quantity. Only futures fills of a trade on the book count;
 * deleveraging and delivery at expiry close positions without trading.
 */
export async function tradingVolume(q: Queryable, userId: string, since: Date): Promise<{ spot: string; futures: string }> {
  const res = await q.query<{ spot: string; futures: string }>(
    `SELECT
       (SELECT COALESCE(sum(price * qty), 0)::text FROM spot_fills WHERE user_id = $1 AND created_at >= $2) AS spot,
       (SELECT COALESCE(sum(price * qty), 0)::text FROM futures_fills
          WHERE user_id = $1 AND created_at >= $2 AND trade_id IS NOT NULL) AS futures`,
    [userId, since.toISOString()],
  );
  const row = res.rows[0];
  return { spot: row?.spot ?? '0', futures: row?.futures ?? '0' };
}

/** The principal of the user's Earn positions that have not gone back to a wallet yet. */
export async function earnPrincipals(q: Queryable, userId: string): Promise<{ symbol: string; principal: string }[]> {
  const res = await q.query<{ symbol: string; principal: string }>(
    `SELECT symbol, sum(principal)::text AS principal FROM earn_positions
     WHERE user_id = $1 AND status IN ('active', 'redeeming') GROUP BY symbol`,
    [userId],
  );
  return res.rows;
}
