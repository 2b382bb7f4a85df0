import { z } from 'zod';
import { jsonBody, oneOf, wholeNumber } from './fields.js';
import { operatorMessages, reasonField } from './operators.js';
import { totpCodeField } from './two-factor-fields.js';

/**
 * The operator console's review queues (issue 43): identity verifications for compliance,
 * withdrawals above the review threshold for treasury. docs/operators.md explains who decides what.
 */

export const REVIEW_PAGE_MAX = 100;
/** How far a queue pages: beyond it the operator narrows the list rather than scrolls. */
export const REVIEW_OFFSET_MAX = 10_000;

const page = {
  limit: wholeNumber('limit', { min: 1, max: REVIEW_PAGE_MAX }, { invalid: `limit must be a whole number from 1 to ${REVIEW_PAGE_MAX}` }).optional(),
  offset: wholeNumber('offset', { min: 0, max: REVIEW_OFFSET_MAX }, { invalid: `offset must be a whole number from 0 to ${REVIEW_OFFSET_MAX}` }).optional(),
};

export const KYC_QUEUE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type KycQueueStatus = (typeof KYC_QUEUE_STATUSES)[number];
export const adminKycQuery = z.object({ status: oneOf('status', KYC_QUEUE_STATUSES).optional(), ...page });
export type AdminKycQuery = z.infer<typeof adminKycQuery>;

export const adminKycRow = z.object({
  user_id: z.string(),
  email: z.string(),
  document_type: z.string(),
  country: z.string().nullable(),
  status: z.enum(KYC_QUEUE_STATUSES),
  submitted_at: z.string(),
});
export type AdminKycRow = z.infer<typeof adminKycRow>;
export const adminKycResponse = z.object({ items: z.array(adminKycRow).max(REVIEW_PAGE_MAX), next_offset: z.number().int().nullable() });
export type AdminKycResponse = z.infer<typeof adminKycResponse>;

export const adminKycParams = z.object({ user_id: z.uuid({ message: operatorMessages.userNotFound }) });
export const adminKycDocumentParams = adminKycParams.extend({
  index: wholeNumber('index', { min: 0, max: 9 }, { invalid: 'index must be a whole number from 0 to 9' }),
});

export const adminKycSubmissionResponse = adminKycRow.extend({
  name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  /** How many document images the submission holds: GET …/documents/{index} serves each. */
  documents: z.number().int(),
});
export type AdminKycSubmissionResponse = z.infer<typeof adminKycSubmissionResponse>;

export const REVIEW_DECISIONS = ['approve', 'reject'] as const;
const decisionField = oneOf('decision', REVIEW_DECISIONS);

/** A verification's decision: the reason is audited, and on a rejection the user reads it. */
export const adminKycDecisionRequest = jsonBody({ decision: decisionField, reason: reasonField });
export type AdminKycDecisionRequest = z.infer<typeof adminKycDecisionRequest>;
export const adminKycDecisionResponse = z.object({ success: z.literal(true), message: z.string(), submission: adminKycSubmissionResponse });

export const WITHDRAWAL_QUEUE_STATUSES = ['review', 'prepared', 'processing', 'completed', 'failed', 'rejected'] as const;
export type WithdrawalQueueStatus = (typeof WITHDRAWAL_QUEUE_STATUSES)[number];
export const adminWithdrawalsQuery = z.object({ status: oneOf('status', WITHDRAWAL_QUEUE_STATUSES).optional(), ...page });
export type AdminWithdrawalsQuery = z.infer<typeof adminWithdrawalsQuery>;

export const adminWithdrawalRow = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  kind: z.string(),
  symbol: z.string(),
  network_id: z.number().int().nullable(),
  /** The network's name; null for a transfer to another user of the exchange. */
  network: z.string().nullable(),
  address: z.string(),
  memo: z.string().nullable(),
  amount: z.string(),
  fee: z.string(),
  value_usdt: z.string(),
  status: z.string(),
  tx_hash: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type AdminWithdrawalRow = z.infer<typeof adminWithdrawalRow>;
export const adminWithdrawalsResponse = z.object({ items: z.array(adminWithdrawalRow).max(REVIEW_PAGE_MAX), next_offset: z.number().int().nullable() });
export type AdminWithdrawalsResponse = z.infer<typeof adminWithdrawalsResponse>;

export const adminWithdrawalParams = z.object({ id: z.uuid({ message: operatorMessages.withdrawalNotFound }) });

/** The withdrawal's user reads a rejection's reason in their history, as the command line's. */
export const WITHDRAWAL_REASON_MAX = 200;

/** A withdrawal's decision moves money: the operator re-enters the authenticator code. */
export const adminWithdrawalDecisionRequest = jsonBody({
  decision: decisionField,
  reason: reasonField.refine((v) => v.length <= WITHDRAWAL_REASON_MAX, `The reason must be at most ${WITHDRAWAL_REASON_MAX} characters`),
  totp_code: totpCodeField,
});
export type AdminWithdrawalDecisionRequest = z.infer<typeof adminWithdrawalDecisionRequest>;
export const adminWithdrawalDecisionResponse = z.object({ success: z.literal(true), message: z.string(), withdrawal: adminWithdrawalRow });

/**
 * The deposits the watcher did not credit (issue 43, "Deposits"): below the network's minimum,
 * refused by the watcher (above a maximum, unreadable, the deposits account at capacity), failing
 * to credit (issue 14's retried deposit), unclaimed (sent to an address of the exchange with a memo
 * that is no user's), and those an operator decided.
 */
export const DEPOSIT_REVIEW_VIEWS = ['below_minimum', 'rejected', 'failing', 'unclaimed', 'decided'] as const;
export type DepositReviewView = (typeof DEPOSIT_REVIEW_VIEWS)[number];
export const adminDepositsQuery = z.object({ status: oneOf('status', DEPOSIT_REVIEW_VIEWS).optional(), ...page });
export type AdminDepositsQuery = z.infer<typeof adminDepositsQuery>;

export const adminDepositRow = z.object({
  id: z.string(),
  /** Null for an unclaimed deposit until an operator credits it to a user. */
  user_id: z.string().nullable(),
  email: z.string().nullable(),
  symbol: z.string(),
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  tx_hash: z.string(),
  amount: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  credit_attempts: z.number().int(),
  last_error: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminDepositRow = z.infer<typeof adminDepositRow>;
export const adminDepositsResponse = z.object({ items: z.array(adminDepositRow).max(REVIEW_PAGE_MAX), next_offset: z.number().int().nullable() });
export type AdminDepositsResponse = z.infer<typeof adminDepositsResponse>;

export const adminDepositParams = z.object({ id: z.uuid({ message: operatorMessages.depositNotFound }) });

/** Crediting a deposit moves money: the operator re-enters the authenticator code; an unclaimed one goes to the user they name (and only it takes one). */
export const adminDepositCreditRequest = jsonBody({
  reason: reasonField,
  totp_code: totpCodeField,
  user_id: z.uuid({ message: 'user_id must be a user’s id' }).optional(),
});
export type AdminDepositCreditRequest = z.infer<typeof adminDepositCreditRequest>;
/** A refusal's reason is the deposit's, which its user reads in their history. */
export const adminDepositRefuseRequest = jsonBody({
  reason: reasonField.refine((v) => v.length <= WITHDRAWAL_REASON_MAX, `The reason must be at most ${WITHDRAWAL_REASON_MAX} characters`),
});
export type AdminDepositRefuseRequest = z.infer<typeof adminDepositRefuseRequest>;
export const adminDepositDecisionResponse = z.object({ success: z.literal(true), message: z.string(), deposit: adminDepositRow });
