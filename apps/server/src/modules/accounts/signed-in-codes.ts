import { authMessages, OTP_RESEND_COOLDOWN_S, type ResendOtpResponse } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import type { Mail } from '../../mail/mailer.js';
import type { AccountContext } from './context.js';
import { checkCode, codeError, issueCodeAfterCooldown, resendWait, sendMailSafely } from './otp.js';
import type { CodePurpose, UserRow } from './queries.js';

/**
 * Mails a code to the signed-in user's own address. Within the resend cooldown no new code goes
 * out (the last one still works) and the answer says how long to wait: the caller is the account's
 * owner, so there is nothing to hide about it.
 */
export async function mailOwnCode(
  ctx: AccountContext,
  user: UserRow,
  purpose: CodePurpose,
  mail: (to: string, code: string) => Mail,
  message: string,
): Promise<ResendOtpResponse> {
  const code = await issueCodeAfterCooldown(ctx, user.id, purpose);
  if (code !== undefined) {
    await sendMailSafely(ctx, { ...mail(user.email, code), userId: user.id });
    return { success: true, message, retry_after_seconds: OTP_RESEND_COOLDOWN_S };
  }
  return { success: true, message, retry_after_seconds: await resendWait(ctx, ctx.db, user.id, purpose) };
}

/** Checks the user's live code; with `onValid` the code is spent and onValid runs in the same transaction. */
export async function checkOwnCode(
  ctx: AccountContext,
  userId: string,
  purpose: CodePurpose,
  otp: string,
  onValid?: (q: Queryable) => Promise<void>,
): Promise<void> {
  const check = await ctx.db.tx(async (q) => {
    const result = await checkCode(ctx, q, userId, purpose, otp, onValid !== undefined);
    if (result === 'ok' && onValid) await onValid(q);
    return result;
  });
  if (check !== 'ok') throw codeError(check, authMessages.invalidOtpTryAgain);
}
