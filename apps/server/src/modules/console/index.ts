import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { accountRoutes } from './account-routes.js';
import { depositRoutes } from './deposit-routes.js';
import { kycRoutes } from './kyc-routes.js';
import { financeRoutes } from './finance-routes.js';
import { consoleMigration } from './migrations.js';
import { operatorRoutes } from './operator-routes.js';
import { consoleRoutes } from './routes.js';
import { withdrawalRoutes } from './withdrawal-routes.js';

export { grantRole, listOperators, revokeRole, rolesOf, RoleRefusal, type RoleChanger } from './roles.js';

/** The operator console (issue 43): operators' roles, and /api/admin for the web back office. */
export const consoleProduct: Product<Services> = {
  name: 'console',
  migrations: [consoleMigration],
  plugin: async (app, s) => {
    const loginLock = { max: s.config.rateLimit.loginFailuresPerEmail, windowMs: s.config.rateLimit.loginFailureWindowMs };
    const options = { prefix: '/api/admin', db: s.db, twoFactor: s.twoFactor, now: s.config.now, loginLock };
    await app.register(consoleRoutes, options);
    await app.register(operatorRoutes, options);
    await app.register(kycRoutes, { ...options, storage: s.kyc.storage });
    await app.register(withdrawalRoutes, options);
    await app.register(depositRoutes, { ...options, ledger: s.ledger });
    await app.register(accountRoutes, { ...options, sessions: s.sessions });
    await app.register(financeRoutes, { ...options, books: s.books, chains: s.chains });
  },
};
