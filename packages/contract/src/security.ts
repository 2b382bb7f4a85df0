import { z } from 'zod';
import { emailField, EMAIL_PATTERN, signupCode } from './account.js';
import { OTP_MIN_LENGTH_RESET, PASSWORD_MIN_LENGTH } from './constants.js';
import { jsonBody, queryText, text } from './fields.js';
import { authMessages } from './messages.js';
import { secondFactorField, totpCodeField } from './two-factor-fields.js';

/** Spec 3 §4 and §9: after a password or email change the page goes back to the security centre. */
export const SECURITY_REDIRECT_DELAY_MS = 3000;
/** The anti-phishing phrase: 4 to 20 letters, digits or spaces (any script). */
export const ANTI_PHISHING_PATTERN = /^[\p{L}\p{N} ]{4,20}$/u;

/** Spec 3 §5 and §8 word for word, then the security centre's own texts. */
export const securityMessages = {
  otpSent: 'OTP has been sent to your email',
  otpResent: 'OTP has been resent to your email',
  otpVerified: 'OTP verified successfully',
  passwordChanged: 'Password changed successfully',
  emailChanged: 'Email changed successfully. Confirmation emails have been sent to both addresses.',
  changePasswordFailed: 'Failed to change password. Please try again.',
  changeEmailFailed: 'Failed to change email. Please try again.',
  agreeWithdrawalRestriction: 'Please agree to the withdrawal restriction',
  emailNotYours: 'This is not the email of your account',
  newEmailSame: 'The new email must be different from your current email',
  emailInUse: 'This email is already used by another account',
  totpRequired: 'Enter the 6-digit code from your authenticator app to continue',
  totpInvalid: 'The authenticator code is wrong. Enter the code your app shows now.',
  totpUsed: 'This code was already used: each code works once. Enter the next code from your authenticator app.',
  totpLocked: 'Too many wrong authenticator codes. Try again in a few minutes.',
  totpAlreadyEnabled: 'The authenticator app is already enabled',
  totpNotEnabled: 'The authenticator app is not enabled',
  totpSetupMissing: 'Start the authenticator setup again: no setup is waiting for a code',
  reauthRequired: 'Enter your password, or the code we emailed you, to turn the authenticator app on',
  passwordWrong: 'The password is not correct',
  totpEnabled: 'Authenticator app enabled. Save your recovery codes now: they are shown only once.',
  totpDisabled: 'Authenticator app disabled',
  phraseInvalid: 'The anti-phishing phrase must be 4 to 20 letters, digits or spaces',
  phraseSaved: 'Anti-phishing phrase saved',
  sessionNotFound: 'Session not found',
  sessionEnded: 'Session ended',
} as const;

/** Codes of the refusals the web branches on. */
export const securityErrorCodes = {
  /** The user has the authenticator app on and the call came without its code: ask for it and send again. */
  totpRequired: 'TOTP_REQUIRED',
  totpInvalid: 'TOTP_INVALID',
  /** A right code already spent: refused, yet not counted as a wrong guess. */
  totpUsed: 'TOTP_USED',
  totpLocked: 'TOTP_LOCKED',
  emailNotYours: 'EMAIL_NOT_YOURS',
  /** The password given to confirm a change (turning the authenticator app on) is not the account's. */
  passwordWrong: 'PASSWORD_WRONG',
} as const;

/** The email_reset calls (spec 3 §7) and the signed-in password change take the spec's "valid OTP" rule. */
const changeCode = text('OTP', { required: authMessages.invalidOtp, trim: true }).min(OTP_MIN_LENGTH_RESET, authMessages.invalidOtp);

/** POST /email_reset/request and /email_reset/resend_otp: the signed-in user's current address. */
export const emailChangeCodeRequest = jsonBody({ email: emailField });
export type EmailChangeCodeRequest = z.infer<typeof emailChangeCodeRequest>;

/** POST /email_reset/verify_otp. */
export const emailChangeVerifyRequest = jsonBody({ email: emailField, otp: changeCode });
export type EmailChangeVerifyRequest = z.infer<typeof emailChangeVerifyRequest>;

/** POST /email_reset/change; `totp_code` once the authenticator app is on. */
export const emailChangeRequest = jsonBody({
  email: emailField,
  otp: changeCode,
  new_email: text('New email', { required: authMessages.invalidEmail, trim: true }).max(254, authMessages.invalidEmail).regex(EMAIL_PATTERN, authMessages.invalidEmail),
  totp_code: totpCodeField.optional(),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequest>;

/** A code request of a signed-in page: the spec's message, and how long until another code can go out. */
export const codeSentResponse = z.object({ success: z.boolean(), message: z.string(), retry_after_seconds: z.number().int().optional() });

export const emailChangedResponse = z.object({ success: z.literal(true), message: z.string(), email: z.string() });
export type EmailChangedResponse = z.infer<typeof emailChangedResponse>;

/** The withdrawal-restriction checkbox, checked after the fields so their messages come first (spec 3 §5's order). */
// A fresh object per use: zod's refine takes its params object over (it moves `message` away).
const agreed = () => ({ message: securityMessages.agreeWithdrawalRestriction, path: ['agree'] });

/** The change-email step 3 form: the new address and the withdrawal-restriction checkbox. */
export const newEmailForm = z
  .object({ new_email: emailChangeRequest.shape.new_email, agree: z.boolean({ error: securityMessages.agreeWithdrawalRestriction }) })
  .refine((v) => v.agree, agreed());

/** The change-password step 2 form (spec 3 §5). */
export const newPasswordForm = z
  .object({
    new_password: text('New password', { required: authMessages.passwordTooShort }).min(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort),
    confirm_password: text('Password confirmation', { required: authMessages.passwordsDoNotMatch }),
    agree: z.boolean({ error: securityMessages.agreeWithdrawalRestriction }),
  })
  .refine((v) => v.new_password === v.confirm_password, { message: authMessages.passwordsDoNotMatch, path: ['confirm_password'] })
  .refine((v) => v.agree, agreed());

const userIdField = text('user_id', { required: 'user_id is required' }).min(1, 'user_id is required');

export const securityQuery = z.object({ user_id: queryText('user_id').min(1, 'user_id is required') });

/** GET /security: what the security centre shows. */
export const securityOverviewResponse = z.object({
  email: z.string(),
  totp_enabled: z.boolean(),
  /** Unused recovery codes left; 0 while the app is off. */
  recovery_codes_left: z.number().int(),
  anti_phishing_phrase: z.string().nullable(),
  /** Until when a password, email or authenticator change keeps withdrawals locked, else null. */
  withdrawals_locked_until: z.string().nullable(),
});
export type SecurityOverviewResponse = z.infer<typeof securityOverviewResponse>;

export const userIdBody = jsonBody({ user_id: userIdField });

/** POST /security/totp/setup: a new secret waiting for its first code (the previous waiting one is replaced). */
export const totpSetupResponse = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth://totp/... for the QR code. */
  otpauth_uri: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/**
 * POST /security/totp/enable: the first code of the new secret, and the password or a code mailed by
 * POST /security/totp/code (one of the two), so that a stolen session alone cannot bind its own app.
 */
export const totpEnableRequest = jsonBody({
  user_id: userIdField,
  totp_code: totpCodeField,
  password: text('Password', { required: securityMessages.reauthRequired }).min(1, securityMessages.reauthRequired).optional(),
  otp: signupCode.optional(),
}).refine((v) => (v.password === undefined) !== (v.otp === undefined), { message: securityMessages.reauthRequired, path: ['password'] });
export type TotpEnableRequest = z.infer<typeof totpEnableRequest>;
export const totpEnableResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Shown once: only their hashes are kept. */
  recovery_codes: z.array(z.string()),
});
export type TotpEnableResponse = z.infer<typeof totpEnableResponse>;

export const totpDisableRequest = jsonBody({ user_id: userIdField, totp_code: secondFactorField });
export type TotpDisableRequest = z.infer<typeof totpDisableRequest>;

export const antiPhishingRequest = jsonBody({
  user_id: userIdField,
  phrase: text('Anti-phishing phrase', { required: securityMessages.phraseInvalid, trim: true }).regex(ANTI_PHISHING_PATTERN, securityMessages.phraseInvalid),
  totp_code: totpCodeField.optional(),
});
export type AntiPhishingRequest = z.infer<typeof antiPhishingRequest>;
export const antiPhishingResponse = z.object({ success: z.literal(true), message: z.string(), anti_phishing_phrase: z.string() });

/** One sign-in (sign-up, login), newest first: the login history, and the active sessions among them. */
export const loginRecord = z.object({
  /** The session's id: DELETE /security/sessions/{id} ends it. */
  id: z.string(),
  time: z.string(),
  client_address: z.string(),
  /** "Chrome 120 on macOS", from the user agent; "Unknown device" without one. */
  device: z.string(),
  status: z.enum(['active', 'ended', 'expired']),
  /** The session of the call's own token. */
  current: z.boolean(),
});
export type LoginRecord = z.infer<typeof loginRecord>;
export const loginHistoryResponse = z.array(loginRecord);

export const sessionIdParams = z.object({ id: z.uuid({ message: securityMessages.sessionNotFound }) });
export const sessionEndResponse = z.object({ success: z.literal(true), message: z.string() });
