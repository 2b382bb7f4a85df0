import type { LedgerCheck } from '../../ledger/check.js';

/** Earn custody and interest match the positions and the accrual rows. */
export const earnChecks: readonly LedgerCheck[] = [
  // Earn custody holds exactly the principal of the positions not yet redeemed, per asset.
  {
    rule: 'earn_custody_matches_positions',
    sql: `SELECT COALESCE(a.asset, p.symbol) || ': system:earn-custody holds ' || COALESCE(a.balance, 0)::text
       || ' but active Earn positions hold ' || COALESCE(p.total, 0)::text AS detail
     FROM (SELECT asset, SUM(available + locked) AS balance FROM ledger_accounts WHERE owner = 'system:earn-custody' GROUP BY asset) a
     FULL JOIN (SELECT symbol, SUM(principal) AS total FROM earn_positions WHERE status IN ('active', 'redeeming') GROUP BY symbol) p
       ON p.symbol = a.asset
     WHERE COALESCE(a.balance, 0) <> COALESCE(p.total, 0)`,
  },
  // Interest leaves system:earn-interest only as the accrual rows say: per asset, and per product and day.
  {
    rule: 'earn_interest_matches_accruals',
    sql: `SELECT COALESCE(a.asset, i.symbol) || ': system:earn-interest paid ' || (-COALESCE(a.balance, 0))::text
       || ' but Earn interest rows sum to ' || COALESCE(i.total, 0)::text AS detail
     FROM (SELECT asset, SUM(available + locked) AS balance FROM ledger_accounts WHERE owner = 'system:earn-interest' GROUP BY asset) a
     FULL JOIN (SELECT symbol, SUM(amount) AS total FROM earn_interest GROUP BY symbol) i ON i.symbol = a.asset
     WHERE -COALESCE(a.balance, 0) <> COALESCE(i.total, 0)
     UNION ALL SELECT 'accrual ' || c.product_id || ' ' || c.day::text || ': total ' || c.total::text || ' but its rows sum to '
       || COALESCE(SUM(i.amount), 0)::text
     FROM earn_accruals c LEFT JOIN earn_interest i ON i.product_id = c.product_id AND i.day = c.day
     GROUP BY c.product_id, c.day, c.total HAVING c.total <> COALESCE(SUM(i.amount), 0)
     UNION ALL SELECT 'interest of ' || i.product_id || ' on ' || i.day::text || ' without an accrual row'
     FROM earn_interest i WHERE NOT EXISTS (SELECT 1 FROM earn_accruals c WHERE c.product_id = i.product_id AND c.day = i.day)`,
  },
];
