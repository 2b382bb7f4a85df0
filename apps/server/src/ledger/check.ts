import type { Queryable } from '../db/database.js';

/**
 * One reconciliation rule: a query returning a `detail` row for each breach. The kernel's below
 * hold for every ledger; each product adds its own (kernel/product.ts).
 */
export interface LedgerCheck {
  rule: string;
  sql: string;
}

export interface Breach {
  rule: string;
  detail: string;
}

const kernelChecks: readonly LedgerCheck[] = [
  {
    rule: 'asset_entries_sum_to_zero',
    sql: `SELECT asset || ' entries sum to ' || SUM(amount)::text AS detail
     FROM journal_entries GROUP BY asset HAVING SUM(amount) <> 0`,
  },
  {
    rule: 'transaction_balanced',
    sql: `SELECT 'transaction ' || transaction_id::text || ' ' || asset || ' sums to ' || SUM(amount)::text AS detail
     FROM journal_entries GROUP BY transaction_id, asset HAVING SUM(amount) <> 0`,
  },
  {
    rule: 'balance_equals_entries',
    sql: `SELECT a.owner || ' ' || a.asset || ' ' || a.wallet || ': balance ' || (a.available + a.locked)::text
       || ' but entries sum to ' || COALESCE(e.total, 0)::text AS detail
     FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM journal_entries GROUP BY account_id) e
       ON e.account_id = a.id
     WHERE a.available + a.locked <> COALESCE(e.total, 0)`,
  },
  {
    rule: 'no_negative_user_balance',
    sql: `SELECT owner || ' ' || asset || ' ' || wallet || ': available ' || available::text
       || ', locked ' || locked::text AS detail
     FROM ledger_accounts WHERE owner NOT LIKE 'system:%' AND (available < 0 OR locked < 0)`,
  },
  {
    rule: 'locked_equals_live_holds',
    sql: `SELECT a.owner || ' ' || a.asset || ' ' || a.wallet || ': locked ' || a.locked::text
       || ' but live holds sum to ' || COALESCE(h.total, 0)::text AS detail
     FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM holds WHERE status = 'live' GROUP BY account_id) h
       ON h.account_id = a.id
     WHERE a.locked <> COALESCE(h.total, 0)`,
  },
  {
    // The write paths keep no foreign keys (trading/migration.ts, version 5): this is their check.
    rule: 'dangling_reference',
    sql: `SELECT 'journal entry ' || e.id::text || ' of a missing transaction' AS detail FROM journal_entries e
       WHERE NOT EXISTS (SELECT 1 FROM journal_transactions t WHERE t.id = e.transaction_id)
     UNION ALL SELECT 'journal entry ' || e.id::text || ' of a missing account' FROM journal_entries e
       WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id)
     UNION ALL SELECT 'hold ' || h.id::text || ' of a missing account' FROM holds h
       WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = h.account_id)`,
  },
];

/** Every violated ledger invariant (ARCHITECTURE.md, Money); an empty list means the books hold. */
export async function checkLedger(q: Queryable, productChecks: readonly LedgerCheck[]): Promise<Breach[]> {
  const found: Breach[] = [];
  for (const { rule, sql } of [...kernelChecks, ...productChecks]) {
    const res = await q.query<{ detail: string }>(sql);
    found.push(...res.rows.map((r) => ({ rule, detail: r.detail })));
  }
  return found;
}
