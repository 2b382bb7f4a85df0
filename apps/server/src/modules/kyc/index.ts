import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import { kycMigration } from './migrations.js';
import { kycRoutes } from './routes.js';

export { AutoApproval } from './auto-approval.js';
export { KycStorage } from './storage.js';
export { identityStatusOf, latestSubmission, pendingReviewCount, submissionsByStatus, type SubmissionRow } from './queries.js';
export { approveSubmission, rejectSubmission } from './review.js';

/** Identity verification: document uploads, their review, and the automatic approval when it is on. */
export const kycProduct: Product<Services> = {
  name: 'kyc',
  migrations: [kycMigration],
  plugin: async (app, s) => {
    const { storage, autoApproval } = s.kyc;
    await storage.open(s.config.now().getTime());
    await app.register(kycRoutes, { prefix: '/api/user_account', ctx: { db: s.db, storage, now: s.config.now } });
    // The venues' owner runs the automatic approval, as it runs every other job of a cluster.
    if (autoApproval) s.onOwner(autoApproval);
  },
};
