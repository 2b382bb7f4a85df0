import {
  accountMessages,
  authMessages,
  OTP_RESEND_COOLDOWN_S,
  serverMessages,
  type ResendOtpResponse,
  type ResetPasswordRequest,
} from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { passwordResetMail } from '../../mail/templates.js';
import type { AccountContext } from './context.js';
import { normalizeEmail } from './codes.js';
import { hashPassword } from './passwords.js';
import { checkCode, codeError, issueCodeAfterCooldown, sendMailSafely } from './otp.js';
import { clearLoginFailures, findUserByEmail, replacePasswordHash } from './queries.js';

/**
 * The answer of the reset request and its resend, whatever the address: it goes out before the
 * address is even looked up (see mailResetCode), so neither its content nor its timing tells
 * whether an account exists or a code was recently sent.
 */
export const resetRequestedAnswer = { success: true as const, message: serverMessages.resetRequested };
export const resetResentAnswer: ResendOtpResponse = { ...resetRequestedAnswer, retry_after_seconds: OTP_RESEND_COOLDOWN_S };

/** Runs after the answer: mails a reset code if the address has an account and the cooldown allows. */
export async function mailResetCode(ctx: AccountContext, rawEmail: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  if (!user) return;
  const code = await issueCodeAfterCooldown(ctx, user.id, 'reset_password');
  if (code) await sendMailSafely(ctx, passwordResetMail(user.email, code));
}

/** Checks a reset code; with `onValid` the code is spent and onValid runs in the same transaction. */
async function checkResetCode(
  ctx: AccountContext,
  rawEmail: string,
  otp: string,
  onValid?: (q: Queryable, userId: string) => Promise<void>,
) {
  const user = await findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  if (!user) throw codeError('invalid', authMessages.invalidOtpTryAgain);
  const check = await ctx.db.tx(async (q) => {
    const result = await checkCode(ctx, q, user.id, 'reset_password', otp, onValid !== undefined);
    if (result === 'ok' && onValid) await onValid(q, user.id);
    return result;
  });
  if (check !== 'ok') throw codeError(check, authMessages.invalidOtpTryAgain);
  return user;
}

export async function verifyResetCode(ctx: AccountContext, rawEmail: string, otp: string) {
  await checkResetCode(ctx, rawEmail, otp);
  return { success: true as const, message: accountMessages.codeVerified };
}

export async function resetPassword(ctx: AccountContext, req: ResetPasswordRequest) {
  const hash = await hashPassword(req.new_password);
  const user = await checkResetCode(ctx, req.email, req.otp, (q, userId) =>
    replacePasswordHash(q, userId, hash, ctx.now()),
  );
  ctx.sessions.events.revoked(user.id);
  // A fresh password deserves a fresh start on the per-address login limit.
  await clearLoginFailures(ctx.db, user.email);
  return { success: true as const, message: serverMessages.passwordResetDone };
}
