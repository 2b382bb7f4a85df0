import { errorCodes, serverMessages } from '@exchange/contract';
import { AppError } from '../../errors.js';
import { commonPasswords } from './common-passwords.js';

/** Case and Unicode compatibility forms do not make a common password rare ("PASSWORD1", full-width digits). */
function comparable(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * A password an attacker tries first: one of the `listed` common passwords, the account's email or
 * its name part, or one character over and over (eight spaces, "zzzzzzzz"), which lists leave out
 * past a length. `listed` takes the password in lower case.
 */
export function isGuessablePassword(password: string, email: string, listed: (lowerCase: string) => boolean): boolean {
  const candidate = comparable(password);
  if (/^(.)\1*$/su.test(candidate)) return true;
  const address = comparable(email.trim());
  const at = address.lastIndexOf('@');
  return candidate === address || (at > 0 && candidate === address.slice(0, at)) || listed(candidate);
}

/** 400 PASSWORD_TOO_COMMON for a guessable new password (sign-up, reset, change), before anything is spent. */
export function refuseGuessablePassword(password: string, email: string): void {
  const list = commonPasswords();
  if (isGuessablePassword(password, email, (candidate) => list.has(candidate))) {
    throw new AppError(400, serverMessages.passwordTooCommon, errorCodes.passwordTooCommon);
  }
}
