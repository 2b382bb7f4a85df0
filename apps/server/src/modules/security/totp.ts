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

/**
 * The time step a code belongs to, if it is right within the window and later than `lastUsedStep`:
 * a code already accepted (or an older one) is refused, so a code seen over a shoulder or in a
 * phishing proxy cannot be replayed.
 */
export function acceptedStep(secretBase32: string, code: string, nowMs: number, lastUsedStep: number): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: nowMs, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(nowMs / 1000 / TOTP_PERIOD_S) + delta;
  return step > lastUsedStep ? step : null;
}

/** The current code, for tests and tools. */
export function currentCode(secretBase32: string, nowMs: number): string {
  return totpOf(secretBase32).generate({ timestamp: nowMs });
}
