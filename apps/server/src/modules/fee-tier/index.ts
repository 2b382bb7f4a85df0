import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { feeRatesMigration, feeTierMigration, futuresFeeRatesMigration } from './migrations.js';
import { feeTierRoutes } from './routes.js';

export { feeTierFor, type FeeTierDeps } from './service.js';
export { FeeSchedule, type FeeRole, type TierRates } from './schedule.js';

/** A user's fee tier from their 30-day volume and holdings. */
export const feeTierProduct: Product<Services> = {
  name: 'fee-tier',
  migrations: [feeTierMigration, feeRatesMigration, futuresFeeRatesMigration],
  api: async (v1, s) => {
    await v1.register(feeTierRoutes, s.feeTier);
  },
};
