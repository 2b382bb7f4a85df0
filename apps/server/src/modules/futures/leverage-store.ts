import type { FuturesSide, MarginMode } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { jsonRows, type RecordWriter } from '../../ledger/records.js';
import type { PositionKey } from './types.js';

export interface LeverageRow extends PositionKey {
  leverage: number;
  at: Date;
}

/** A leverage setting, written in the ledger job that re-margins the key's open position. */
export const leverageSettingWriter: RecordWriter<LeverageRow> = {
  name: 'futures_leverage',
  paramCount: 1,
  sql: (n) => `INSERT INTO futures_leverage (user_id, inst_id, side, margin_mode, leverage, updated_at)
  SELECT user_id, inst_id, side, margin_mode, leverage, at FROM json_to_recordset($${n}::json)
    AS l(user_id uuid, inst_id text, side text, margin_mode text, leverage integer, at timestamptz)
  ON CONFLICT (user_id, inst_id, side, margin_mode) DO UPDATE SET leverage = EXCLUDED.leverage, updated_at = EXCLUDED.updated_at`,
  params: (rows) => [
    jsonRows(
      lastPerKey(rows).map((r) => ({ user_id: r.userId, inst_id: r.instId, side: r.side, margin_mode: r.marginMode, leverage: r.leverage, at: r.at.toISOString() })),
    ),
  ],
};

/**
 * One row per key, the batch's last: an upsert may not touch a row twice in one statement, so two
 * settings of one key in a batch (a double submit, two clients) would fail every job of the batch.
 */
export function lastPerKey(rows: readonly LeverageRow[]): LeverageRow[] {
  const byKey = new Map<string, LeverageRow>();
  for (const r of rows) {
    const key = `${r.userId}|${r.instId}|${r.side}|${r.marginMode}`;
    byKey.delete(key);
    byKey.set(key, r);
  }
  return [...byKey.values()];
}

/** A user's leverage settings on a contract, by side and margin mode. */
export async function leverageSettings(q: Queryable, userId: string, instId: string): Promise<Map<string, number>> {
  const res = await q.query<{ side: FuturesSide; margin_mode: MarginMode; leverage: number }>(
    `SELECT side, margin_mode, leverage FROM futures_leverage WHERE user_id = $1 AND inst_id = $2`,
    [userId, instId],
  );
  return new Map(res.rows.map((r) => [`${r.side}|${r.margin_mode}`, r.leverage]));
}
