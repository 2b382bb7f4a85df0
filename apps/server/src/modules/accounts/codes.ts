import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@exchange/contract';

export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Codes are stored as a peppered HMAC: a database dump alone does not reveal them. */
export function hashOtp(pepper: string, code: string): string {
  return createHmac('sha256', pepper).update(code).digest('hex');
}

export function otpMatches(pepper: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashOtp(pepper, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function randomUid(): number {
  return randomInt(10_000_000, 100_000_000);
}

const REFERRAL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(0, REFERRAL_ALPHABET.length)];
  return code;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
