import { createHmac } from 'node:crypto';
import type { AppConfig } from './config.js';
import { generateOtp, hashOtp, otpMatches } from './modules/accounts/index.js';
import type { ConfirmCodes } from './modules/funds/index.js';

/** The key one-time codes are hashed with (accounts/codes.ts): derived from the JWT secret. */
export function codePepperOf(config: AppConfig): string {
  return createHmac('sha256', config.jwtSecret).update('one-time-codes').digest('hex');
}

/** Withdrawal confirmation codes, made and kept as the account codes are. */
export function confirmCodes(pepper: string): ConfirmCodes {
  return { generate: generateOtp, hash: (code) => hashOtp(pepper, code), matches: (code, hash) => otpMatches(pepper, code.trim(), hash) };
}

/** The two-factor key of the configuration, else one derived from the JWT secret (tests). */
export function twoFactorKeyOf(config: AppConfig): string {
  return config.twoFactorKey ?? createHmac('sha256', config.jwtSecret).update('two-factor').digest('hex');
}
