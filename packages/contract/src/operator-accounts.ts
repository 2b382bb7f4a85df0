import { z } from 'zod';
import { jsonBody } from './fields.js';
import { adminAccountState, reasonField } from './operators.js';
import { totpCodeField } from './two-factor-fields.js';

/**
 * The operator console's actions on a user's account (issue 43): freeze, end sessions, unlock a
 * login lockout, reset the authenticator. docs/operators.md says who may do which.
 */

/** What a frozen user reads on every refused call: in plain words, what stops and what still works. */
export const frozenAccountText =
  'Your account is frozen by the exchange: trading, withdrawals, transfers and new API keys are paused. You can still see your balances and history and cancel orders. Contact support to learn why.';

export const operatorAccountMessages = {
  alreadyFrozen: 'This account is frozen already',
  notFrozen: 'This account is not frozen',
  noTwoFactor: 'This user has no authenticator app to reset',
  ownAccount: 'Operators cannot act on their own account from the console',
} as const;

/** Every account action says why; the reason is kept in the audit log. */
export const adminAccountActionRequest = jsonBody({ reason: reasonField });
export type AdminAccountActionRequest = z.infer<typeof adminAccountActionRequest>;

/** Resetting someone's authenticator hands their account to whoever holds the password: the operator's own code again. */
export const adminResetTwoFactorRequest = jsonBody({ reason: reasonField, totp_code: totpCodeField });
export type AdminResetTwoFactorRequest = z.infer<typeof adminResetTwoFactorRequest>;


export const adminAccountActionResponse = z.object({ success: z.literal(true), message: z.string(), account: adminAccountState });
export type AdminAccountActionResponse = z.infer<typeof adminAccountActionResponse>;
