import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@exchange/contract';

/** No 0/o, 1/l/i: a code copied off paper should not be misread. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function group(): string {
  let out = '';
  for (let i = 0; i < 5; i++) out += ALPHABET[randomInt(0, ALPHABET.length)];
  return out;
}

/** Ten codes of about 50 bits each: too many to guess, so a keyed hash (not a slow one) guards them. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
}

/** The form a code is hashed in: case, dashes and spaces do not matter. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
