import { z } from 'zod';

/** Every rejected call answers with this body (HTTP 4xx/5xx). */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  retry_after_seconds: z.number().int().optional(),
  /** A refusal with values (message-codes.ts): its code and values, which the web translates; `message` stays English. */
  message_code: z.string().optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const successMessageResponse = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type SuccessMessageResponse = z.infer<typeof successMessageResponse>;

/** Machine-readable error codes the web app branches on. */
export const errorCodes = {
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  loginCodeRequired: 'LOGIN_CODE_REQUIRED',
  emailTaken: 'EMAIL_TAKEN',
  codeExpired: 'CODE_EXPIRED',
  codeInvalid: 'CODE_INVALID',
  codeLocked: 'CODE_LOCKED',
  validation: 'VALIDATION',
  /** A new password of a breach list, or the account's email: the form marks the password field. */
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  /** The call needs a verified identity (KYC approved): the web offers Verify. */
  identityNotVerified: 'IDENTITY_NOT_VERIFIED',
  /** A verification upload while one is under review, or after approval. */
  verificationPending: 'VERIFICATION_PENDING',
  alreadyVerified: 'ALREADY_VERIFIED',
  /** An operator froze the account (issue 43): reads and cancels only. */
  accountFrozen: 'ACCOUNT_FROZEN',
} as const;
