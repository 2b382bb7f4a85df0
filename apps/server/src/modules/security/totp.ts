import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_S } from '@exchange/contract';

/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER = 'Nexa';

/** Codes one period either side of the server's are accepted: phones' clocks drift. */
const WINDOW = 1;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secretBase32: string, accountName: string): string {
  return totpOf(secretBase32, accountName).toString();
}

/** What a code is worth: a new step to accept, one already spent (or older), or simply wrong. */
export type CodeVerdict = { kind: 'accepted'; step: number } | { kind: 'used' } | { kind: 'wrong' };

/**
 * Judges a code within the window. A right code of `lastUsedStep` or earlier is `used`: it cannot
 * be replayed (a code seen over a shoulder or in a phishing proxy), yet it is no guess either, so
 * the caller must not count it against the owner, who may simply have sent it twice.
 */
export function judgeCode(secretBase32: string, code: string, nowMs: number, lastUsedStep: number): CodeVerdict {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return { kind: 'wrong' };
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
  return step > lastUsedStep ? { kind: 'accepted', step } : { kind: 'used' };
}

/** The current code, for tests and tools. */
export function currentCode(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}
