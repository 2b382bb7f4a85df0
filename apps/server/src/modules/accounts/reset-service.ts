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
import { checkCode, codeError, issueCode, resendTooEarly, resendWait, sendMailSafely } from './otp.js';
import { clearLoginFailures, findUserByEmail, replacePasswordHash } from './queries.js';

const neutral = { success: true as const, message: serverMessages.resetRequested };

/** Sends a reset code when allowed; returns the seconds still to wait (0 when sent). */
async function sendResetCode(ctx: AccountContext, userId: string, email: string): Promise<number> {
  const wait = await resendWait(ctx, userId, 'reset_password');
  if (wait > 0) return wait;
  const code = await ctx.db.tx((q) => issueCode(ctx, q, userId, 'reset_password'));
  await sendMailSafely(ctx, passwordResetMail(email, code));
  return 0;
}

/** Same answer whether the address exists or not, so the call cannot probe for accounts. */
export async function requestReset(ctx: AccountContext, rawEmail: string) {
  const user = await findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  if (user) await sendResetCode(ctx, user.id, user.email);
  return neutral;
}

export async function resendReset(ctx: AccountContext, rawEmail: string): Promise<ResendOtpResponse> {
  const user = await findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  if (user) {
    const wait = await sendResetCode(ctx, user.id, user.email);
    if (wait > 0) throw resendTooEarly(wait);
  }
  return { ...neutral, retry_after_seconds: OTP_RESEND_COOLDOWN_S };
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
