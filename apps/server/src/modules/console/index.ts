import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { accountRoutes } from './account-routes.js';
import { adjustmentChecks } from './adjustment-checks.js';
import { adjustmentRoutes } from './adjustment-routes.js';
import { ADJUSTMENTS_OWNER } from './adjustments.js';
import { campaignRoutes } from './campaign-routes.js';
import { contentRoutes } from './content-routes.js';
import { depositRoutes } from './deposit-routes.js';
import { kycRoutes } from './kyc-routes.js';
import { feeRoutes } from './fee-routes.js';
import { listingRoutes } from './listing-routes.js';
import { marketRoutes } from './market-routes.js';
import { financeRoutes } from './finance-routes.js';
import { adjustmentsMigration, consoleMigration } from './migrations.js';
import { operatorRoutes } from './operator-routes.js';
import { ownRolesRoutes } from './own-roles-routes.js';
import { consoleRoutes } from './routes.js';
import { withdrawalRoutes } from './withdrawal-routes.js';

export { adjustmentNotes, ADJUSTMENTS_OWNER } from './adjustments.js';
export { grantRole, listOperators, revokeRole, rolesOf, RoleRefusal, type RoleChanger } from './roles.js';

/** The operator console (issue 43): operators' roles, and /api/admin for the web back office. */
export const consoleProduct: Product<Services> = {
  name: 'console',
  migrations: [consoleMigration, adjustmentsMigration],
  // Adjustments (four eyes) are booked against system:adjustments, which gives credits and takes debits back.
  ledger: { systemAccounts: [{ owner: ADJUSTMENTS_OWNER, mayGoNegative: true, reported: true }], checks: adjustmentChecks },
  plugin: async (app, s) => {
    const loginLock = { max: s.config.rateLimit.loginFailuresPerEmail, windowMs: s.config.rateLimit.loginFailureWindowMs };
    const options = { prefix: '/api/admin', db: s.db, twoFactor: s.twoFactor, now: s.config.now, loginLock };
    await app.register(consoleRoutes, options);
    await app.register(operatorRoutes, options);
    await app.register(kycRoutes, { ...options, storage: s.kyc.storage });
    await app.register(withdrawalRoutes, options);
    await app.register(depositRoutes, { ...options, ledger: s.ledger });
    await app.register(accountRoutes, {
      ...options,
      sessions: s.sessions,
      orders: { trading: s.spotTrading, futures: s.core.futures.service, algoEvents: s.okxAlgoEvents.local, notifications: s.notificationEvents.local },
    });
    await app.register(financeRoutes, { ...options, books: s.books, chains: s.chains });
    await app.register(marketRoutes, { ...options, venues: s.venues, halts: s.halts });
    await app.register(listingRoutes, { ...options, venues: s.venues, listings: s.listings });
    await app.register(feeRoutes, { ...options, fees: s.fees });
    await app.register(adjustmentRoutes, { ...options, ledger: s.ledger, notifications: s.notificationEvents.local });
    await app.register(contentRoutes, options);
    await app.register(campaignRoutes, options);
    await app.register(ownRolesRoutes, { prefix: '/api/user_account', db: s.db });
  },
};
