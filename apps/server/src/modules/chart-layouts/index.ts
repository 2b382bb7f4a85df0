import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { chartLayoutsMigration } from './migrations.js';
import { chartLayoutRoutes } from './routes.js';

/** Saved chart layouts per user (spec 2 §7 "chart storage"): our own small store behind /api/v1/chart-layouts. */
export const chartLayoutsProduct: Product<Services> = {
  name: 'chart-layouts',
  migrations: [chartLayoutsMigration],
  api: async (v1, s) => {
    await v1.register(chartLayoutRoutes, { db: s.db, now: s.config.now });
  },
};
