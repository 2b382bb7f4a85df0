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

/**
 * The user's balance changes, netted per journal transaction and account, newest first. `limit` and
 * `offset` count journal transactions, not rows, so one transaction's legs (a transfer's two wallets,
 * a fill's coin and USDT) always arrive on the same page.
 */
export async function ledgerHistory(q: Queryable, userId: string, limit: number, offset = 0): Promise<LedgerHistoryRow[]> {
  const { rows } = await q.query<Row>(
    `WITH page AS (
       SELECT t.id, t.kind, t.created_at
         FROM journal_transactions t
        WHERE t.id IN (SELECT e.transaction_id
                         FROM journal_entries e
                         JOIN ledger_accounts a ON a.id = e.account_id
                        WHERE a.owner = $1)
        ORDER BY t.created_at DESC, t.id
        LIMIT $2 OFFSET $3
     )
     SELECT p.id, p.kind, a.asset, a.wallet, SUM(e.amount)::text AS amount, p.created_at
       FROM page p
       JOIN journal_entries e ON e.transaction_id = p.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.owner = $1
      GROUP BY p.id, p.kind, a.asset, a.wallet, p.created_at
     HAVING SUM(e.amount) <> 0
      ORDER BY p.created_at DESC, p.id, a.asset, a.wallet`,
    [userId, limit, offset],
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
