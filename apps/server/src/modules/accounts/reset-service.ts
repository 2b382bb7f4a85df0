import {
  accountMessages,
  authMessages,
  OTP_RESEND_COOLDOWN_S,
  securityMessages,
  serverMessages,
  type ResendOtpResponse,
  type ResetPasswordRequest,
} from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { passwordResetMail } from '../../mail/templates.js';
import type { AccountContext } from './context.js';
import { normalizeEmail } from './codes.js';
import { hashPassword } from './passwords.js';
import { refuseGuessablePassword } from './password-policy.js';
import { checkCode, codeError, issueCodeAfterCooldown, sendMailSafely } from './otp.js';
import { clearLoginFailures, findUserByEmail, replacePasswordHash } from './queries.js';
import { ownUser, type SignedIn } from './signed-in.js';
import { mailOwnCode } from './signed-in-codes.js';

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

/** Spec 3 §4: the change-password page, signed in, asks for its code on load; only for the caller's own address. */
export async function requestPasswordChangeCode(ctx: AccountContext, signedIn: SignedIn, rawEmail: string, resend: boolean) {
  const user = await ownUser(ctx, signedIn, rawEmail);
  return mailOwnCode(ctx, user, 'reset_password', passwordResetMail, resend ? securityMessages.otpResent : securityMessages.otpSent);
}

export async function verifyResetCode(ctx: AccountContext, rawEmail: string, otp: string, signedIn?: SignedIn) {
  if (signedIn) await ownUser(ctx, signedIn, rawEmail);
  await checkResetCode(ctx, rawEmail, otp);
  return { success: true as const, message: signedIn ? securityMessages.otpVerified : accountMessages.codeVerified };
}

/**
 * A new password for the mailed code (and the authenticator code, once the app is on). Every
 * earlier session ends, but the signed-in page's own, which goes back to the security centre.
 */
export async function resetPassword(ctx: AccountContext, req: ResetPasswordRequest, signedIn?: SignedIn) {
  if (signedIn) await ownUser(ctx, signedIn, req.email);
  // Before any code is checked: a refused password spends neither the mailed nor the app's code.
  refuseGuessablePassword(req.new_password, req.email);
  const owner = await findUserByEmail(ctx.db, normalizeEmail(req.email));
  if (owner && (await ctx.twoFactor.enabled(owner.id))) {
    // The mailed code is checked first, so a wrong one is refused before an authenticator code is spent.
    await checkResetCode(ctx, req.email, req.otp);
    await ctx.twoFactor.require(owner.id, req.totp_code);
  }
  const hash = await hashPassword(req.new_password, ctx.passwordHashing);
  const user = await checkResetCode(ctx, req.email, req.otp, (q, userId) =>
    replacePasswordHash(q, userId, hash, ctx.now(), signedIn?.sessionId),
  );
  ctx.sessions.events.revoked(user.id, signedIn ? { allBut: signedIn.sessionId } : undefined);
  // A fresh password deserves a fresh start on the per-address login limit.
  await clearLoginFailures(ctx.db, user.email);
  return { success: true as const, message: signedIn ? securityMessages.passwordChanged : serverMessages.passwordResetDone };
}
