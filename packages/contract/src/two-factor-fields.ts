import { text } from './fields.js';

/** Authenticator codes (RFC 6238): six digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** Recovery codes handed out when the authenticator app is enabled, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: ten letters and digits, shown as two groups of five ("k7m2p-x9q4r"). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;
const TOTP_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/** Texts of the second factor's fields, shared by every form and call that takes one. */
export const twoFactorFieldMessages = {
  totpFormat: 'Enter the 6-digit code from your authenticator app',
  secondFactorFormat: 'Enter the 6-digit code from your authenticator app or one of your recovery codes',
} as const;

/** A code from the authenticator app: withdrawals, new addresses, security changes. */
export const totpCodeField = text('Authenticator code', { required: twoFactorFieldMessages.totpFormat, trim: true })
  .refine((v) => TOTP_PATTERN.test(v), twoFactorFieldMessages.totpFormat);

/** A code from the authenticator app or a recovery code: logging in and turning the app off. */
export const secondFactorField = text('Authenticator code', { required: twoFactorFieldMessages.secondFactorFormat, trim: true })
  .refine((v) => TOTP_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), twoFactorFieldMessages.secondFactorFormat);

export function isTotpCode(code: string): boolean {
  return TOTP_PATTERN.test(code);
}
