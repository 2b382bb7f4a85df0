import type { Queryable } from '../db/database.js';

export type InvariantRule =
  | 'asset_entries_sum_to_zero'
  | 'transaction_balanced'
  | 'balance_equals_entries'
  | 'no_negative_user_balance'
  | 'locked_equals_live_holds'
  | 'dangling_reference'
  | 'open_interest_balanced'
  | 'futures_clearing_matches_positions'
  | 'deposits_match_credits'
  | 'withdrawals_match_holds'
  | 'withdrawals_match_payouts'
  | 'earn_custody_matches_positions'
  | 'earn_interest_matches_accruals';

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
    [
      // The order write path keeps no foreign keys (trading/migration.ts, version 5): this is their check.
      'dangling_reference',
      `SELECT 'journal entry ' || e.id::text || ' of a missing transaction' AS detail FROM journal_entries e
         WHERE NOT EXISTS (SELECT 1 FROM journal_transactions t WHERE t.id = e.transaction_id)
       UNION ALL SELECT 'journal entry ' || e.id::text || ' of a missing account' FROM journal_entries e
         WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id)
       UNION ALL SELECT 'hold ' || h.id::text || ' of a missing account' FROM holds h
         WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = h.account_id)
       UNION ALL SELECT 'spot order ' || o.id || ' of a missing user' FROM spot_orders o
         WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
       UNION ALL SELECT 'spot order ' || o.id || ' with a missing hold' FROM spot_orders o
         WHERE o.hold_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.id = o.hold_id)
       UNION ALL SELECT 'spot fill ' || f.id::text || ' of a missing order' FROM spot_fills f
         WHERE NOT EXISTS (SELECT 1 FROM spot_orders o WHERE o.id = f.order_id)
       UNION ALL SELECT 'futures position ' || p.id || ' with a missing hold' FROM futures_positions p
         WHERE NOT EXISTS (SELECT 1 FROM holds h WHERE h.id = p.hold_id)
       UNION ALL SELECT 'futures fill ' || f.id::text || ' of a missing position' FROM futures_fills f
         WHERE NOT EXISTS (SELECT 1 FROM futures_positions p WHERE p.id = f.position_id)`,
    ],
    [
      // Every contract bought was sold: the longs (users' and the simulated market's) equal the shorts.
      'open_interest_balanced',
      `SELECT inst_id || ': longs minus shorts ' || SUM(q)::text AS detail FROM (
         SELECT inst_id, CASE side WHEN 'long' THEN qty ELSE -qty END AS q FROM futures_positions WHERE status IN ('pending', 'active')
         UNION ALL SELECT inst_id, qty FROM futures_system_positions
       ) t GROUP BY inst_id HAVING SUM(q) <> 0`,
    ],
    [
      // Profit and loss are paid through the clearing account only: it holds minus the open positions' signed cost.
      'futures_clearing_matches_positions',
      `SELECT 'clearing ' || c.balance::text || ' but open positions cost ' || p.cost::text AS detail
       FROM (SELECT COALESCE(SUM(available + locked), 0) AS balance FROM ledger_accounts
             WHERE owner = 'system:futures-clearing' AND asset = 'USDT' AND wallet = 'futures') c,
            (SELECT COALESCE(SUM(s), 0) AS cost FROM (
               SELECT CASE side WHEN 'long' THEN cost ELSE -cost END AS s FROM futures_positions WHERE status IN ('pending', 'active')
               UNION ALL SELECT CASE WHEN qty >= 0 THEN cost ELSE -cost END FROM futures_system_positions
             ) t) p
       WHERE c.balance + p.cost <> 0`,
    ],
    [
      // Money enters from the chains only by credited deposits: what system:deposits issued is exactly their sum.
      'deposits_match_credits',
      `SELECT a.asset || ': system:deposits issued ' || (-a.balance)::text || ' but credited deposits sum to '
         || COALESCE(d.total, 0)::text AS detail
       FROM (SELECT asset, SUM(available + locked) AS balance FROM ledger_accounts WHERE owner = 'system:deposits' GROUP BY asset) a
       LEFT JOIN (SELECT symbol, SUM(amount) AS total FROM deposits WHERE status = 'credited' GROUP BY symbol) d ON d.symbol = a.asset
       WHERE -a.balance <> COALESCE(d.total, 0)
       UNION ALL SELECT d.symbol || ': credited deposits sum to ' || SUM(d.amount)::text || ' but system:deposits issued nothing'
       FROM deposits d WHERE d.status = 'credited'
         AND NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.owner = 'system:deposits' AND a.asset = d.symbol)
       GROUP BY d.symbol`,
    ],
    [
      // A withdrawal not yet paid holds exactly its amount; one that ended holds nothing; one never
      // confirmed never held anything (issue 14 #4).
      'withdrawals_match_holds',
      `SELECT 'withdrawal ' || w.id::text || ' (' || w.status || ') with ' || COALESCE(h.status || ' hold of ' || h.amount::text, 'no hold')
         AS detail
       FROM withdrawals w LEFT JOIN holds h ON h.id = w.hold_id
       WHERE (w.status IN ('unconfirmed', 'expired') AND w.hold_id IS NOT NULL) OR (w.kind = 'onchain' AND (
         (w.status IN ('prepared', 'review', 'processing') AND (h.status IS DISTINCT FROM 'live' OR h.amount <> w.amount))
         OR (w.status IN ('completed', 'failed', 'rejected', 'cancelled') AND h.status = 'live')))`,
    ],
    [
      // Money leaves to the chains only by completed withdrawals: system:withdrawals received exactly their amounts less fees.
      'withdrawals_match_payouts',
      `SELECT COALESCE(a.asset, w.symbol) || ': system:withdrawals received ' || COALESCE(a.balance, 0)::text
         || ' but completed withdrawals sent ' || COALESCE(w.total, 0)::text AS detail
       FROM (SELECT asset, SUM(available + locked) AS balance FROM ledger_accounts WHERE owner = 'system:withdrawals' GROUP BY asset) a
       FULL JOIN (SELECT symbol, SUM(amount - fee) AS total FROM withdrawals WHERE kind = 'onchain' AND status = 'completed' GROUP BY symbol) w
         ON w.symbol = a.asset
       WHERE COALESCE(a.balance, 0) <> COALESCE(w.total, 0)`,
    ],
    [
      // Earn custody holds exactly the principal of the positions not yet redeemed, per asset.
      'earn_custody_matches_positions',
      `SELECT COALESCE(a.asset, p.symbol) || ': system:earn-custody holds ' || COALESCE(a.balance, 0)::text
         || ' but active Earn positions hold ' || COALESCE(p.total, 0)::text AS detail
       FROM (SELECT asset, SUM(available + locked) AS balance FROM ledger_accounts WHERE owner = 'system:earn-custody' GROUP BY asset) a
       FULL JOIN (SELECT symbol, SUM(principal) AS total FROM earn_positions WHERE status IN ('active', 'redeeming') GROUP BY symbol) p
         ON p.symbol = a.asset
       WHERE COALESCE(a.balance, 0) <> COALESCE(p.total, 0)`,
    ],
    [
      // Interest leaves system:earn-interest only as the accrual rows say: per asset, and per product and day.
      'earn_interest_matches_accruals',
      `SELECT COALESCE(a.asset, i.symbol) || ': system:earn-interest paid ' || (-COALESCE(a.balance, 0))::text
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
    ],
  ];
  const found: Breach[] = [];
  for (const [rule, sql] of checks) found.push(...(await breaches(q, rule, sql)));
  return found;
}
