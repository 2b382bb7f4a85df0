import type { Queryable } from '../../db/database.js';

export interface FundingRecord {
  fundingTime: number;
  rate: string;
  mark: string;
}

/**
 * A perpetual's settled funding, newest first: only funding times before `beforeMs` and after
 * `afterMs` (either open), at most `limit`.
 */
export async function fundingHistory(
  q: Queryable,
  instId: string,
  range: { afterMs?: number; beforeMs?: number; limit: number },
): Promise<FundingRecord[]> {
  const res = await q.query<{ funding_time: string; rate: string; mark: string }>(
    `SELECT funding_time::text AS funding_time, rate::text AS rate, mark::text AS mark FROM futures_funding
     WHERE inst_id = $1 AND ($2::bigint IS NULL OR funding_time > $2) AND ($3::bigint IS NULL OR funding_time < $3)
     ORDER BY funding_time DESC LIMIT $4`,
    [instId, range.afterMs ?? null, range.beforeMs ?? null, range.limit],
  );
  return res.rows.map((r) => ({ fundingTime: Number(r.funding_time), rate: r.rate, mark: r.mark }));
}
