import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { reauthentication } from '../accounts/index.js';
import { securityMigration } from './migrations.js';
import { securityRoutes } from './routes.js';

export { antiPhishingMailer } from './anti-phishing.js';
export { createTwoFactor, type TwoFactor } from './two-factor.js';
export { resetTwoFactor } from './operator-reset.js';
export { createSecretBox } from './secret-box.js';

/** The security centre: two-factor, anti-phishing phrase, devices and sign-in history. */
export const securityProduct: Product<Services> = {
  name: 'security',
  migrations: [securityMigration],
  plugin: async (app, s) => {
    await app.register(securityRoutes, {
      prefix: '/api/user_account/security',
      db: s.db,
      twoFactor: s.twoFactor,
      reauth: reauthentication(s.accounts),
      sessions: s.sessions,
      now: s.config.now,
      perIpPerMinute: s.config.rateLimit.authPerIpPerMinute,
    });
  },
};
