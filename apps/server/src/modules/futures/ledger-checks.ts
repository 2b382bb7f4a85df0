import type { LedgerCheck } from '../../ledger/check.js';

/**
 * Futures positions balance each other and the clearing account; a position's margin is its live
 * hold's amount to the last digit (so no margin is held twice, on an order and on its position).
 */
export const futuresChecks: readonly LedgerCheck[] = [
  {
    rule: 'dangling_reference',
    sql: `SELECT 'futures position ' || p.id || ' with a missing hold' AS detail FROM futures_user_positions p
       WHERE NOT EXISTS (SELECT 1 FROM holds h WHERE h.id = p.hold_id)
     UNION ALL SELECT 'futures order ' || o.id || ' with a missing hold' FROM futures_positions o
       WHERE o.hold_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.id = o.hold_id)
     UNION ALL SELECT 'futures order ' || o.id || ' of a missing position' FROM futures_positions o
       WHERE o.position_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM futures_user_positions p WHERE p.id = o.position_id)
     UNION ALL SELECT 'futures fill ' || f.id::text || ' of a missing position' FROM futures_fills f
       WHERE NOT EXISTS (SELECT 1 FROM futures_user_positions p WHERE p.id = f.position_id)
     UNION ALL SELECT 'futures fill ' || f.id::text || ' of a missing order' FROM futures_fills f
       WHERE f.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM futures_positions o WHERE o.id = f.order_id)
     UNION ALL SELECT 'futures funding payment ' || f.id::text || ' of a missing position' FROM futures_funding_payments f
       WHERE NOT EXISTS (SELECT 1 FROM futures_user_positions p WHERE p.id = f.position_id)`,
  },
  // A position's funding is the sum of its payment rows (paid positive there, received positive in a
  // row), for the positions opened since the rows are written (version 38).
  {
    rule: 'futures_funding_payments_match',
    sql: `SELECT 'futures position ' || p.id || ' has funding ' || p.funding::text || ' but its payments ' || COALESCE(-SUM(f.amount), 0)::text AS detail
     FROM futures_user_positions p LEFT JOIN futures_funding_payments f ON f.position_id = p.id
     WHERE p.created_at >= (SELECT applied_at FROM schema_migrations WHERE version = 38)
     GROUP BY p.id, p.funding HAVING p.funding <> COALESCE(-SUM(f.amount), 0)`,
  },
  // Every contract bought was sold: the longs (users' and the simulated market's) equal the shorts.
  {
    rule: 'open_interest_balanced',
    sql: `SELECT inst_id || ': longs minus shorts ' || SUM(q)::text AS detail FROM (
       SELECT inst_id, CASE side WHEN 'long' THEN qty ELSE -qty END AS q FROM futures_user_positions WHERE status = 'active'
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
             SELECT CASE side WHEN 'long' THEN cost ELSE -cost END AS s FROM futures_user_positions WHERE status = 'active'
             UNION ALL SELECT CASE WHEN qty >= 0 THEN cost ELSE -cost END FROM futures_system_positions
           ) t) p
     WHERE c.balance + p.cost <> 0`,
  },
  {
    rule: 'futures_margin_held',
    sql: `SELECT 'futures position ' || p.id || ' has margin ' || p.margin::text || ' but its hold ' || COALESCE(h.amount, 0)::text AS detail
     FROM futures_user_positions p LEFT JOIN holds h ON h.id = p.hold_id AND h.status = 'live'
     WHERE p.status = 'active' AND p.margin <> COALESCE(h.amount, 0)`,
  },
];
