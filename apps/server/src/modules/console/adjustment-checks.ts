import type { LedgerCheck } from '../../ledger/check.js';

/** Adjustments move money only when approved, once each, and system:adjustments is their exact sum. */
export const adjustmentChecks: readonly LedgerCheck[] = [
  // What system:adjustments gave users per asset is what the approved adjustments say, credits less debits.
  {
    rule: 'adjustments_match_approvals',
    sql: `SELECT COALESCE(a.asset, d.asset) || ': system:adjustments gave ' || (-COALESCE(a.balance, 0))::text
       || ' but approved adjustments sum to ' || COALESCE(d.total, 0)::text AS detail
     FROM (SELECT asset, SUM(available + locked) AS balance FROM ledger_accounts WHERE owner = 'system:adjustments' GROUP BY asset) a
     FULL JOIN (SELECT asset, SUM(CASE WHEN direction = 'credit' THEN amount ELSE -amount END) AS total
       FROM ledger_adjustments WHERE status = 'approved' GROUP BY asset) d ON d.asset = a.asset
     WHERE -COALESCE(a.balance, 0) <> COALESCE(d.total, 0)`,
  },
  // Each approved adjustment is one posting of its own amount to its user's wallet; any other status has none.
  {
    rule: 'adjustment_booked_once',
    sql: `SELECT 'adjustment ' || j.id::text || ' (' || j.status || ') has ' || j.postings::text || ' postings paying its user '
       || COALESCE(j.paid::text, 'nothing') AS detail
     FROM (SELECT d.id, d.status, d.amount, d.direction, COUNT(DISTINCT t.id) AS postings, SUM(e.amount) AS paid
       FROM ledger_adjustments d
       LEFT JOIN journal_transactions t ON t.kind = 'adjustment' AND t.ref = d.id::text
       LEFT JOIN journal_entries e ON e.transaction_id = t.id
         AND e.account_id = (SELECT id FROM ledger_accounts a WHERE a.owner = d.user_id::text AND a.asset = d.asset AND a.wallet = d.wallet)
       GROUP BY d.id, d.status, d.amount, d.direction) j
     WHERE (j.status = 'approved' AND (j.postings <> 1 OR j.paid IS DISTINCT FROM CASE WHEN j.direction = 'credit' THEN j.amount ELSE -j.amount END))
        OR (j.status <> 'approved' AND j.postings <> 0)
     UNION ALL SELECT 'journal transaction ' || t.id::text || ' of kind adjustment has no adjustment' FROM journal_transactions t
       WHERE t.kind = 'adjustment' AND NOT EXISTS (SELECT 1 FROM ledger_adjustments d WHERE d.id::text = t.ref)`,
  },
];
