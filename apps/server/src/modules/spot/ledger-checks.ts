import type { LedgerCheck } from '../../ledger/check.js';

/** Spot orders and fills point at rows that exist. */
export const spotChecks: readonly LedgerCheck[] = [
  {
    // The order write path keeps no foreign keys (migrations.ts, version 5): this is their check.
    rule: 'dangling_reference',
    sql: `SELECT 'spot order ' || o.id || ' of a missing user' AS detail FROM spot_orders o
       WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = o.user_id)
     UNION ALL SELECT 'spot order ' || o.id || ' with a missing hold' FROM spot_orders o
       WHERE o.hold_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.id = o.hold_id)
     UNION ALL SELECT 'spot fill ' || f.id::text || ' of a missing order' FROM spot_fills f
       WHERE NOT EXISTS (SELECT 1 FROM spot_orders o WHERE o.id = f.order_id)`,
  },
];
