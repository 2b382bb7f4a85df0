import { approveSubmission } from '../modules/kyc/index.js';
import { AdminRefusal, AdminUsageError, type AdminCommand } from './command.js';
import { reviewTarget } from './kyc-target.js';

export const kycApprove: AdminCommand = {
  words: ['kyc', 'approve'],
  args: '<email>',
  summary: "Approves the user's identity verification under review: they can trade futures and withdraw.",
  async run(ctx, args) {
    const [email, ...extra] = args;
    if (!email || extra.length > 0) throw new AdminUsageError('kyc approve takes one email address.');
    const user = await reviewTarget(ctx.db, email);
    if (!(await approveSubmission(ctx.db, user.id, { by: 'operator', at: ctx.now() }))) {
      throw new AdminRefusal(`${user.email} has no verification under review (identity status: ${user.status}).`);
    }
    return `Approved the identity verification of ${user.email}.`;
  },
};
