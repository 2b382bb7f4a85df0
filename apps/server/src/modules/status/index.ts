import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { statusRoutes } from './routes.js';

/** GET /api/v1/status: the server's version, database and mail transport. */
export const statusProduct: Product<Services> = {
  name: 'status',
  api: async (v1, s) => {
    await v1.register(statusRoutes, { version: s.version, database: s.db.kind, mail: s.mailer.kind, now: s.config.now });
  },
};
