import type { Queryable, SqlParam } from '../db/database.js';
import { normalize } from './amounts.js';

/** A page of a user's bills: their accounts' journal entries in some wallets, newest first. */
export interface BillPage {
  userId: string;
  wallets: readonly ('spot' | 'futures' | 'funding')[];
  asset?: string;
  /** Journal kinds to keep; all when absent. */
  kinds?: readonly string[];
  /** Bill ids: `after` older than it, `before` newer than it (both exclusive). */
  after?: string;
  before?: string;
  since?: Date;
  until?: Date;
  limit: number;
}

export interface BillRow {
  /** The first journal entry's id of the transaction on this account: increasing with time, unique. */
  billId: string;
  kind: string;
  ref: string | null;
  asset: string;
  wallet: 'spot' | 'futures' | 'funding';
  /** The change of the account's balance (available and held together). */
  change: string;
  /** The balance of the asset over `wallets` after this change. */
  balance: string;
  createdAt: Date;
}

/**
 * A user's balance changes as OKX's bills: per journal transaction and account, netted, with the
 * running balance over the asked wallets (entries are the only change of available plus held, so
 * their running sum is the balance). Reads the journal only.
 */
export async function billsOf(q: Queryable, page: BillPage): Promise<BillRow[]> {
  const params: SqlParam[] = [page.userId, page.wallets as string[]];
  const filters: string[] = [];
  const add = (clause: string, value: SqlParam) => {
    params.push(value);
    filters.push(clause.replace('?', `$${params.length}`));
  };
  if (page.asset) add('b.asset = ?', page.asset);
  if (page.kinds) add('b.kind = ANY(?::text[])', page.kinds as string[]);
  if (page.after) add('b.bill_id < ?::bigint', page.after);
  if (page.before) add('b.bill_id > ?::bigint', page.before);
  if (page.since) add('b.created_at >= ?', page.since.toISOString());
  if (page.until) add('b.created_at <= ?', page.until.toISOString());
  params.push(page.limit);
  const { rows } = await q.query<{
    bill_id: string;
    kind: string;
    ref: string | null;
    asset: string;
    wallet: BillRow['wallet'];
    change: string;
    balance: string;
    created_at: Date | string;
  }>(
    `WITH lines AS (
       SELECT MIN(e.id) AS bill_id, t.kind, t.ref, a.asset, a.wallet, SUM(e.amount) AS change, t.created_at
         FROM ledger_accounts a
         JOIN journal_entries e ON e.account_id = a.id
         JOIN journal_transactions t ON t.id = e.transaction_id
        WHERE a.owner = $1 AND a.wallet = ANY($2::text[])
        GROUP BY t.id, t.kind, t.ref, a.asset, a.wallet, t.created_at
       HAVING SUM(e.amount) <> 0
     ), b AS (
       SELECT l.*, SUM(l.change) OVER (PARTITION BY l.asset ORDER BY l.bill_id) AS balance FROM lines l
     )
     SELECT b.bill_id::text AS bill_id, b.kind, b.ref, b.asset, b.wallet, b.change::text AS change, b.balance::text AS balance, b.created_at
       FROM b ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''}
      ORDER BY b.bill_id DESC
      LIMIT $${params.length}`,
    params,
  );
  return rows.map((r) => ({
    billId: r.bill_id,
    kind: r.kind,
    ref: r.ref,
    asset: r.asset,
    wallet: r.wallet,
    change: normalize(r.change),
    balance: normalize(r.balance),
    createdAt: new Date(r.created_at),
  }));
}
