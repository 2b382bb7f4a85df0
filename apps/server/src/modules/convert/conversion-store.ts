import type { ConversionRecord } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';

/** A user's conversions, newest first. */
export async function userConversions(q: Queryable, userId: string, limit: number): Promise<ConversionRecord[]> {
  const res = await q.query<{
    id: string;
    created_at: Date | string;
    convert_from: string;
    convert_to: string;
    amount: string;
    converted_amount: string;
    rate: string;
  }>(
    `SELECT id, created_at, convert_from, convert_to, amount::text AS amount, converted_amount::text AS converted_amount, rate::text AS rate
     FROM conversions WHERE user_id = $1 ORDER BY seq DESC LIMIT $2`,
    [userId, limit],
  );
  return res.rows.map((r) => ({
    id: r.id,
    created_at: new Date(r.created_at).toISOString(),
    convert_from: r.convert_from,
    convert_to: r.convert_to,
    amount: new Dec(r.amount).toFixed(),
    converted_amount: new Dec(r.converted_amount).toFixed(),
    rate: new Dec(r.rate).toFixed(),
  }));
}
