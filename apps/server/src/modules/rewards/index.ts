import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { Campaigns } from './campaigns.js';
import { campaignsMigration, referralMigration } from './migrations.js';
import { rewardRoutes } from './routes.js';

export { Campaigns } from './campaigns.js';
export { createCampaign, listCampaigns, lockCampaign, setCampaignPublished, updateCampaign } from './campaign-store.js';
export { referrerOf } from './referrals.js';

/** Referrals, the campaigns read from content files at start and those published in the operator console. */
export const rewardsProduct: Product<Services> = {
  name: 'rewards',
  migrations: [referralMigration, campaignsMigration],
  api: async (v1, s) => {
    const campaigns = Campaigns.load({ demoGrantUsdt: s.config.demoGrantUsdt });
    await v1.register(rewardRoutes, { db: s.db, campaigns, now: s.config.now });
  },
};
