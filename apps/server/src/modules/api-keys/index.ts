import { createHmac } from 'node:crypto';
import type { Product } from '../../kernel/product.js';
import { twoFactorKeyOf } from '../../secrets.js';
import type { Services } from '../../services.js';
import { findUserById, purposeCodes } from '../accounts/index.js';
import { createKeyBox } from './key-box.js';
import { apiKeyCodeMail } from './mails.js';
import { apiKeysMigration } from './migrations.js';
import { apiKeyRoutes } from './routes.js';
import { v5AccountRoutes } from './v5-routes.js';

export { createKeyBox, type KeyBox } from './key-box.js';
export { LiveKeys, KEY_STATE_TTL_MS, type KeyState } from './live-keys.js';
export { OKX_ADDRESS_KEYS, okxCallerOf, okxRateLimit, okxSignedScope, OKX_MAX_SKEW_MS, type OkxAuthOptions, type OkxCaller } from './okx-auth.js';
export { OkxError, okxCodes, type OkxCode } from './okx-errors.js';
export { okxSign } from './okx-sign.js';
export { okxKeyLive, okxWsLogin, type OkxWsCredentials, type OkxWsLoginFailure } from './okx-ws-login.js';
export { tradingAccount, type PriceOf } from './okx-balances.js';

/**
 * The server key of the API keys: the two-factor key (the key every sealed secret of a user hangs
 * on, docs/security.md) under a purpose of its own.
 */
export function apiKeysServerKey(s: Services): string {
  return createHmac('sha256', twoFactorKeyOf(s.config)).update('api keys').digest('hex');
}

/** Personal API keys for bots (issue 42) and OKX v5's signed reads of balances and account settings. */
export const apiKeysProduct: Product<Services> = {
  name: 'api-keys',
  migrations: [apiKeysMigration],
  plugin: async (app, s) => {
    const box = createKeyBox(apiKeysServerKey(s));
    await app.register(apiKeyRoutes, {
      prefix: '/api/v1/api-keys',
      db: s.db,
      box,
      codes: purposeCodes(s.accounts, 'api_key', apiKeyCodeMail, { afterSpent: true }),
      secondFactor: s.twoFactor,
      emailOf: async (userId) => (await findUserById(s.db, userId))?.email ?? null,
      mail: async (mail) => {
        try {
          await s.mailer.send(mail);
        } catch (err) {
          app.log.error({ err, mail: { subject: mail.subject } }, 'sending mail failed');
        }
      },
      now: s.config.now,
      perIpPerMinute: s.config.rateLimit.authPerIpPerMinute,
      // A deleted key is a change of what the user's credentials carry: the session events reach every process.
      keysChanged: (userId) => s.sessions.events.changed(userId),
    });
    await app.register(v5AccountRoutes, {
      db: s.db,
      box,
      priceOf: (asset) => (asset === 'USDT' ? '1' : s.market.lastPrice(asset)),
      now: s.config.now,
      events: s.sessions.events,
    });
  },
};
