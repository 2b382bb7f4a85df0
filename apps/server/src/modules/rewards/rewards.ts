import type { RewardRecord } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { normalize } from '../../ledger/amounts.js';

interface Row {
  id: string;
  asset: string;
  wallet: RewardRecord['wallet'];
  amount: string;
  created_at: Date | string;
}

/**
 * The rewards the user received, read from the ledger so a reward shown is money booked: today the
 * newcomer gift, the demo grant posted at sign-up (journal kind demo_grant, ledger/demo-grant.ts).
 */
export async function rewardsOf(q: Queryable, userId: string): Promise<RewardRecord[]> {
  const { rows } = await q.query<Row>(
    `SELECT t.id, a.asset, a.wallet, SUM(e.amount)::text AS amount, t.created_at
       FROM journal_transactions t
       JOIN journal_entries e ON e.transaction_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id AND a.owner = $1
      WHERE t.kind = 'demo_grant' AND t.user_id = $2
      GROUP BY t.id, a.asset, a.wallet, t.created_at
      ORDER BY t.created_at DESC, t.id`,
    [userId, userId],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: 'newcomer_gift',
    asset: r.asset,
    wallet: r.wallet,
    amount: normalize(r.amount),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
