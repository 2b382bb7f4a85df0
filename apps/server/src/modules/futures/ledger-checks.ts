import type { LedgerCheck } from '../../ledger/check.js';

/** Futures positions balance each other and the clearing account. */
export const futuresChecks: readonly LedgerCheck[] = [
  {
    rule: 'dangling_reference',
    sql: `SELECT 'futures position ' || p.id || ' with a missing hold' AS detail FROM futures_positions p
       WHERE NOT EXISTS (SELECT 1 FROM holds h WHERE h.id = p.hold_id)
     UNION ALL SELECT 'futures fill ' || f.id::text || ' of a missing position' FROM futures_fills f
       WHERE NOT EXISTS (SELECT 1 FROM futures_positions p WHERE p.id = f.position_id)`,
  },
  // Every contract bought was sold: the longs (users' and the simulated market's) equal the shorts.
  {
    rule: 'open_interest_balanced',
    sql: `SELECT inst_id || ': longs minus shorts ' || SUM(q)::text AS detail FROM (
       SELECT inst_id, CASE side WHEN 'long' THEN qty ELSE -qty END AS q FROM futures_positions WHERE status IN ('pending', 'active')
       UNION ALL SELECT inst_id, qty FROM futures_system_positions
     ) t GROUP BY inst_id HAVING SUM(q) <> 0`,
  },
  // Profit and loss are paid through the clearing account only: it holds minus the open positions' signed cost.
  {
    rule: 'futures_clearing_matches_positions',
    sql: `SELECT 'clearing ' || c.balance::text || ' but open positions cost ' || p.cost::text AS detail
     FROM (SELECT COALESCE(SUM(available + locked), 0) AS balance FROM ledger_accounts
           WHERE owner = 'system:futures-clearing' AND asset = 'USDT' AND wallet = 'futures') c,
          (SELECT COALESCE(SUM(s), 0) AS cost FROM (
             SELECT CASE side WHEN 'long' THEN cost ELSE -cost END AS s FROM futures_positions WHERE status IN ('pending', 'active')
             UNION ALL SELECT CASE WHEN qty >= 0 THEN cost ELSE -cost END FROM futures_system_positions
           ) t) p
     WHERE c.balance + p.cost <> 0`,
  },
];
