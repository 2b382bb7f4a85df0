import { z } from 'zod';
import { jsonBody, oneOf, text, wholeNumber } from './fields.js';
import { reasonField } from './operators.js';
import { REVIEW_OFFSET_MAX, REVIEW_PAGE_MAX } from './operator-reviews.js';
import { totpCodeField } from './two-factor-fields.js';

/**
 * Four-eyes adjustments (issue 43): a manual posting on a user's balance, proposed by one operator
 * with a reason and booked through the ledger only when a second operator approves it.
 * docs/operators.md explains the rules.
 */

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
/** The wallets an adjustment may touch: futures money sits in margin the risk engine watches, so it is moved to spot first. */
export const ADJUSTMENT_WALLETS = ['spot', 'funding'] as const;
export type AdjustmentWallet = (typeof ADJUSTMENT_WALLETS)[number];
/** The journal kind of a booked adjustment, as the user's history shows it. */
export const ADJUSTMENT_KIND = 'adjustment';

export const adjustmentMessages = {
  notFound: 'No adjustment has this id',
  ownApproval: 'Four eyes: another operator must approve the adjustment you proposed',
  notPending: 'This adjustment is no longer waiting for a decision',
  unknownAsset: 'The exchange does not hold this asset',
  badAmount: 'The amount must be a positive number with at most 18 decimals',
  ownAccount: 'No operator adjusts their own account: ask a colleague',
  insufficient: (balance: string, asset: string, wallet: string, amount: string) =>
    `The user’s ${wallet} ${asset} balance is ${balance}, less than the debit of ${amount}: the adjustment cannot be approved`,
} as const;

export const adminAdjustmentsQuery = z.object({
  status: oneOf('status', ADJUSTMENT_STATUSES).optional(),
  limit: wholeNumber('limit', { min: 1, max: REVIEW_PAGE_MAX }, { invalid: `limit must be a whole number from 1 to ${REVIEW_PAGE_MAX}` }).optional(),
  offset: wholeNumber('offset', { min: 0, max: REVIEW_OFFSET_MAX }, { invalid: `offset must be a whole number from 0 to ${REVIEW_OFFSET_MAX}` }).optional(),
});
export type AdminAdjustmentsQuery = z.infer<typeof adminAdjustmentsQuery>;

export const adminAdjustmentRow = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  asset: z.string(),
  wallet: z.enum(ADJUSTMENT_WALLETS),
  direction: z.enum(ADJUSTMENT_DIRECTIONS),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  proposed_by: z.string(),
  proposed_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** The journal transaction that booked it; null until approved. */
  transaction_id: z.string().nullable(),
});
export type AdminAdjustmentRow = z.infer<typeof adminAdjustmentRow>;
export const adminAdjustmentsResponse = z.object({ items: z.array(adminAdjustmentRow).max(REVIEW_PAGE_MAX), next_offset: z.number().int().nullable() });
export type AdminAdjustmentsResponse = z.infer<typeof adminAdjustmentsResponse>;

export const adminAdjustmentParams = z.object({ id: z.uuid({ message: adjustmentMessages.notFound }) });

/** A proposal: what to book on whose balance, why, and the proposer's authenticator code. */
export const adminAdjustmentProposal = jsonBody({
  user_id: z.uuid({ message: 'user_id must be a user’s id' }),
  asset: text('The asset', { trim: true })
    .refine((v) => /^[A-Za-z0-9]{1,20}$/.test(v), 'The asset must be a symbol of 1 to 20 letters or digits'),
  wallet: oneOf('wallet', ADJUSTMENT_WALLETS),
  direction: oneOf('direction', ADJUSTMENT_DIRECTIONS),
  amount: text('The amount', { trim: true }).refine((v) => /^\d{1,18}(\.\d{1,18})?$/.test(v), adjustmentMessages.badAmount),
  reason: reasonField,
  totp_code: totpCodeField,
});
export type AdminAdjustmentProposal = z.infer<typeof adminAdjustmentProposal>;

/** An approval moves money: the second operator's authenticator code again. */
export const adminAdjustmentApproval = jsonBody({ totp_code: totpCodeField });
export type AdminAdjustmentApproval = z.infer<typeof adminAdjustmentApproval>;

/** A rejection by another operator, or the proposer's cancellation: the reason is audited and kept. */
export const adminAdjustmentRejection = jsonBody({ reason: reasonField });
export type AdminAdjustmentRejection = z.infer<typeof adminAdjustmentRejection>;

export const adminAdjustmentResponse = z.object({ success: z.literal(true), message: z.string(), adjustment: adminAdjustmentRow });
export type AdminAdjustmentResponse = z.infer<typeof adminAdjustmentResponse>;
