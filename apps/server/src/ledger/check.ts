import type { Queryable } from '../db/database.js';

export type InvariantRule =
  | 'asset_entries_sum_to_zero'
  | 'transaction_balanced'
  | 'balance_equals_entries'
  | 'no_negative_user_balance'
  | 'locked_equals_live_holds';

export interface Breach {
  rule: InvariantRule;
  detail: string;
}

async function breaches(q: Queryable, rule: InvariantRule, sql: string): Promise<Breach[]> {
  const res = await q.query<{ detail: string }>(sql);
  return res.rows.map((r) => ({ rule, detail: r.detail }));
}

/** Every violated ledger invariant (ARCHITECTURE.md, Money); an empty list means the books hold. */
export async function checkLedger(q: Queryable): Promise<Breach[]> {
  const checks: [InvariantRule, string][] = [
    [
      'asset_entries_sum_to_zero',
      `SELECT asset || ' entries sum to ' || SUM(amount)::text AS detail
       FROM journal_entries GROUP BY asset HAVING SUM(amount) <> 0`,
    ],
    [
      'transaction_balanced',
      `SELECT 'transaction ' || transaction_id::text || ' ' || asset || ' sums to ' || SUM(amount)::text AS detail
       FROM journal_entries GROUP BY transaction_id, asset HAVING SUM(amount) <> 0`,
    ],
    [
      'balance_equals_entries',
      `SELECT a.owner || ' ' || a.asset || ' ' || a.wallet || ': balance ' || (a.available + a.locked)::text
         || ' but entries sum to ' || COALESCE(e.total, 0)::text AS detail
       FROM ledger_accounts a
       LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM journal_entries GROUP BY account_id) e
         ON e.account_id = a.id
       WHERE a.available + a.locked <> COALESCE(e.total, 0)`,
    ],
    [
      'no_negative_user_balance',
      `SELECT owner || ' ' || asset || ' ' || wallet || ': available ' || available::text
         || ', locked ' || locked::text AS detail
       FROM ledger_accounts WHERE owner NOT LIKE 'system:%' AND (available < 0 OR locked < 0)`,
    ],
    [
      'locked_equals_live_holds',
      `SELECT a.owner || ' ' || a.asset || ' ' || a.wallet || ': locked ' || a.locked::text
         || ' but live holds sum to ' || COALESCE(h.total, 0)::text AS detail
       FROM ledger_accounts a
       LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM holds WHERE status = 'live' GROUP BY account_id) h
         ON h.account_id = a.id
       WHERE a.locked <> COALESCE(h.total, 0)`,
    ],
  ];
  const found: Breach[] = [];
  for (const [rule, sql] of checks) found.push(...(await breaches(q, rule, sql)));
  return found;
}
