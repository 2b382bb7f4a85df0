import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { outboxRoutes } from './routes.js';

/** The page of mail kept in the database when no SMTP server is configured. */
export const outboxProduct: Product<Services> = {
  name: 'outbox',
  plugin: async (app, s) => {
    if (s.mailer.kind === 'outbox') await app.register(outboxRoutes, { db: s.db });
  },
};
export { isLoopbackAddress } from './loopback.js';
