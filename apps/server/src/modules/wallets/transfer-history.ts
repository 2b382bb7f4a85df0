import type { Queryable } from '../../db/database.js';
import { normalize } from '../../ledger/amounts.js';
import type { TransferWallet } from './transfer-service.js';

export interface TransferHistoryRow {
  symbol: string;
  amount: string;
  from_wallet: TransferWallet;
  to_wallet: TransferWallet;
  status: string;
  created_at: Date;
}

/** A user's transfers, newest first. */
export async function transferHistory(q: Queryable, userId: string, limit = 200): Promise<TransferHistoryRow[]> {
  const res = await q.query<TransferHistoryRow>(
    `SELECT symbol, amount::text AS amount, from_wallet, to_wallet, status, created_at
     FROM transfers WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [userId, limit],
  );
  return res.rows.map((r) => ({ ...r, amount: normalize(r.amount) }));
}

/** One of the user's transfers by its id; null when it is not theirs or does not exist. */
export async function transferById(q: Queryable, userId: string, id: string): Promise<(TransferHistoryRow & { id: string }) | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) return null;
  const res = await q.query<TransferHistoryRow & { id: string }>(
    `SELECT id, symbol, amount::text AS amount, from_wallet, to_wallet, status, created_at FROM transfers WHERE user_id = $1 AND id = $2`,
    [userId, id],
  );
  const row = res.rows[0];
  return row ? { ...row, amount: normalize(row.amount) } : null;
}
