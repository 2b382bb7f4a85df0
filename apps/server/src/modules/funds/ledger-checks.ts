import type { LedgerCheck } from '../../ledger/check.js';

/** Money enters and leaves by the chains only as the deposits and withdrawals say. */
export const fundsChecks: readonly LedgerCheck[] = [
  // Money enters from the chains only by credited deposits: what system:deposits issued is exactly their sum.
  {
    rule: 'deposits_match_credits',
    sql: `SELECT a.asset || ': system:deposits issued ' || (-a.balance)::text || ' but credited deposits sum to '
       || COALESCE(d.total, 0)::text AS detail
     FROM (SELECT asset, SUM(available + locked) AS balance FROM ledger_accounts WHERE owner = 'system:deposits' GROUP BY asset) a
     LEFT JOIN (SELECT symbol, SUM(amount) AS total FROM deposits WHERE status = 'credited' GROUP BY symbol) d ON d.symbol = a.asset
     WHERE -a.balance <> COALESCE(d.total, 0)
     UNION ALL SELECT d.symbol || ': credited deposits sum to ' || SUM(d.amount)::text || ' but system:deposits issued nothing'
     FROM deposits d WHERE d.status = 'credited'
       AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner = 'system:deposits' AND a.asset = d.symbol)
     GROUP BY d.symbol`,
  },
  // A credited deposit's money went to the wallet its row names, in that user's account, and nowhere else.
  {
    rule: 'deposits_credited_to_their_wallet',
    sql: `SELECT 'deposit ' || d.id::text || ' credited to ' || COALESCE(d.credited_wallet, 'no wallet') || ' but its posting paid '
       || COALESCE(string_agg(a.owner || ' ' || a.wallet, ', '), 'nobody') AS detail
     FROM deposits d
     LEFT JOIN journal_transactions t ON t.kind = 'deposit' AND t.ref = d.id::text
     LEFT JOIN journal_entries e ON e.transaction_id = t.id AND e.amount > 0
     LEFT JOIN ledger_accounts a ON a.id = e.account_id
     WHERE d.status = 'credited'
     GROUP BY d.id, d.credited_wallet, d.user_id
     HAVING COUNT(a.id) <> 1 OR bool_or(a.owner <> d.user_id::text OR a.wallet IS DISTINCT FROM d.credited_wallet)`,
  },
  // A withdrawal not yet paid holds exactly its amount; one that ended holds nothing; one never
  // confirmed never held anything (issue 14 #4).
  {
    rule: 'withdrawals_match_holds',
    sql: `SELECT 'withdrawal ' || w.id::text || ' (' || w.status || ') with ' || COALESCE(h.status || ' hold of ' || h.amount::text, 'no hold')
       AS detail
     FROM withdrawals w LEFT JOIN holds h ON h.id = w.hold_id
     WHERE (w.status IN ('unconfirmed', 'expired') AND w.hold_id IS NOT NULL) OR (w.kind = 'onchain' AND (
       (w.status IN ('prepared', 'review', 'processing') AND (h.status IS DISTINCT FROM 'live' OR h.amount <> w.amount))
       OR (w.status IN ('completed', 'failed', 'rejected', 'cancelled') AND h.status = 'live')))`,
  },
  // Money leaves to the chains only by completed withdrawals: system:withdrawals received exactly their amounts less fees.
  {
    rule: 'withdrawals_match_payouts',
    sql: `SELECT COALESCE(a.asset, w.symbol) || ': system:withdrawals received ' || COALESCE(a.balance, 0)::text
       || ' but completed withdrawals sent ' || COALESCE(w.total, 0)::text AS detail
     FROM (SELECT asset, SUM(available + locked) AS balance FROM ledger_accounts WHERE owner = 'system:withdrawals' GROUP BY asset) a
     FULL JOIN (SELECT symbol, SUM(amount - fee) AS total FROM withdrawals WHERE kind = 'onchain' AND status = 'completed' GROUP BY symbol) w
       ON w.symbol = a.asset
     WHERE COALESCE(a.balance, 0) <> COALESCE(w.total, 0)`,
  },
];
