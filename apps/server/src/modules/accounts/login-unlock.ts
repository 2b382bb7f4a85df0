import { errorCodes, serverMessages } from '@exchange/contract';
import { AppError } from '../../errors.js';
import { loginCodeMail } from '../../mail/templates.js';
import type { AccountContext } from './context.js';
import { checkCode, codeError, issueCodeAfterCooldown, sendMailSafely } from './otp.js';

/**
 * The email is locked by other clients' failures and this client gave the right password. Without
 * a code, one is mailed to the address (once per resend cooldown) and the login answers 403
 * LOGIN_CODE_REQUIRED; with one, it must be the live mailed code, which this spends.
 */
export async function passLockWithMailedCode(
  ctx: AccountContext,
  user: { id: string; email: string },
  otp: string | undefined,
): Promise<void> {
  if (otp === undefined) {
    const code = await issueCodeAfterCooldown(ctx, user.id, 'login_unlock');
    if (code) await sendMailSafely(ctx, loginCodeMail(user.email, code));
    throw new AppError(403, serverMessages.loginCodeRequired, errorCodes.loginCodeRequired);
  }
  const check = await ctx.db.tx((q) => checkCode(ctx, q, user.id, 'login_unlock', otp, true));
  if (check !== 'ok') throw codeError(check, serverMessages.codeInvalid);
}
