import type { LedgerHistoryRow } from '@exchange/contract';
import type { Queryable } from '../db/database.js';
import { normalize } from './amounts.js';

interface Row {
  id: string;
  kind: string;
  asset: string;
  wallet: LedgerHistoryRow['wallet'];
  amount: string;
  created_at: Date | string;
}

/** The user's balance changes, netted per journal transaction and account, newest first. */
export async function ledgerHistory(q: Queryable, userId: string, limit: number): Promise<LedgerHistoryRow[]> {
  const { rows } = await q.query<Row>(
    `SELECT t.id, t.kind, a.asset, a.wallet, SUM(e.amount)::text AS amount, t.created_at
       FROM journal_transactions t
       JOIN journal_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.owner = $1
      GROUP BY t.id, t.kind, a.asset, a.wallet, t.created_at
     HAVING SUM(e.amount) <> 0
      ORDER BY t.created_at DESC, t.id
      LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    asset: r.asset,
    wallet: r.wallet,
    amount: normalize(r.amount),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
