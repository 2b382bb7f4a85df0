import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import type { RecordWriter } from '../../ledger/records.js';
import { earnChecks } from './ledger-checks.js';
import { earnMigrations } from './migrations.js';
import { earnWriters } from './records.js';
import { earnRoutes } from './routes.js';
import { EARN_CUSTODY, EARN_INTEREST } from './service.js';

export { EarnAccrual } from './accrual.js';
export { EarnService } from './service.js';
export { principalsByUser as earnPrincipalsByUser, totalsOf as earnTotalsOf } from './store.js';

/** Earn: subscriptions, redemptions, and the interest paid per whole UTC day (docs/earn.md). */
export const earnProduct: Product<Services> = {
  name: 'earn',
  migrations: earnMigrations,
  ledger: {
    systemAccounts: [
      { owner: EARN_CUSTODY, mayGoNegative: false, reported: true },
      // The source of the interest: it issues what it pays.
      { owner: EARN_INTEREST, mayGoNegative: true, reported: true },
    ],
    recordWriters: earnWriters as readonly RecordWriter<never>[],
    checks: earnChecks,
  },
  api: async (v1, s) => {
    await v1.register(earnRoutes, { db: s.db, service: s.earn.service, now: s.config.now });
  },
};
