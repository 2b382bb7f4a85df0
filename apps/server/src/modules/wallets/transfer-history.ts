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
