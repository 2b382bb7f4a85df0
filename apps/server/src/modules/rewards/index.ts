import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { Campaigns } from './campaigns.js';
import { referralMigration } from './migrations.js';
import { rewardRoutes } from './routes.js';

export { Campaigns } from './campaigns.js';
export { referrerOf } from './referrals.js';

/** Referrals and the campaigns read from content files at start. */
export const rewardsProduct: Product<Services> = {
  name: 'rewards',
  migrations: [referralMigration],
  api: async (v1, s) => {
    const campaigns = Campaigns.load({ demoGrantUsdt: s.config.demoGrantUsdt });
    await v1.register(rewardRoutes, { db: s.db, campaigns, now: s.config.now });
  },
};
