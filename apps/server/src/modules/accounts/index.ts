import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { accountMigrations } from './migrations.js';
import { accountRoutes } from './routes.js';
import { dummyPasswordHash } from './passwords.js';

export type { AccountContext } from './context.js';
export { reauthentication, type Proof, type Reauthentication } from './reauthentication.js';
export { purposeCodes, type PurposeCodes } from './purpose-codes.js';
export { generateOtp, hashOtp, normalizeEmail, otpMatches } from './codes.js';
export { sniffImageType } from './image.js';
export { clearLoginFailures, findUserById, lockUser, lockWithdrawalsAfterChange } from './queries.js';
export { freezeOf, frozenAmong, isFrozen, setFreeze, type AccountFreeze } from './freeze.js';
export { countUsers, emailsOf, loginFailureCount, searchUsers, userBrief, userByEmail, type UserBrief } from './operator-reads.js';

/** Sign-up, sign-in, password and email changes, the profile. */
export const accountsProduct: Product<Services> = {
  name: 'accounts',
  migrations: accountMigrations,
  plugin: async (app, s) => {
    // Made before the first login, which would otherwise pay for it and stand out in its timing.
    await dummyPasswordHash(s.config.passwordHashing);
    await app.register(accountRoutes, {
      prefix: '/api/user_account',
      perIpPerMinute: s.config.rateLimit.authPerIpPerMinute,
      ctx: s.accounts,
    });
  },
};
