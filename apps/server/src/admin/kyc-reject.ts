import { rejectionReason, verificationMessages } from '@exchange/contract';
import { rejectSubmission } from '../modules/kyc/index.js';
import { AdminRefusal, AdminUsageError, type AdminCommand } from './command.js';
import { reviewTarget } from './kyc-target.js';

export const kycReject: AdminCommand = {
  words: ['kyc', 'reject'],
  args: '<email> [reason]',
  summary: 'Rejects the identity verification under review; the user reads the reason and may submit again.',
  async run(ctx, args) {
    const [email, ...words] = args;
    if (!email) throw new AdminUsageError('kyc reject takes an email address and, optionally, the reason.');
    const given = words.join(' ').trim();
    const parsed = rejectionReason.safeParse(given === '' ? verificationMessages.defaultRejectionReason : given);
    if (!parsed.success) throw new AdminUsageError(parsed.error.issues[0]?.message ?? 'The reason is not valid.');
    const user = await reviewTarget(ctx.db, email);
    if (!(await rejectSubmission(ctx.db, user.id, parsed.data, { by: 'operator', at: ctx.now() }))) {
      throw new AdminRefusal(`${user.email} has no verification under review (identity status: ${user.status}).`);
    }
    return `Rejected the identity verification of ${user.email}: ${parsed.data}`;
  },
};
