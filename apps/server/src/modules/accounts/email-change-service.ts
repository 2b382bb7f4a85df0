import {
  errorCodes,
  securityMessages,
  type EmailChangedResponse,
  type EmailChangeRequest,
  type ResendOtpResponse,
} from '@exchange/contract';
import { isUniqueViolation } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { emailChangeCodeMail, emailChangedNewAddressMail, emailChangedOldAddressMail } from '../../mail/templates.js';
import type { AccountContext } from './context.js';
import { normalizeEmail } from './codes.js';
import { sendMailSafely } from './otp.js';
import { clearLoginFailures, findUserByEmail, replaceEmail } from './queries.js';
import { ownUser, type SignedIn } from './signed-in.js';
import { checkOwnCode, mailOwnCode } from './signed-in-codes.js';

const emailInUse = () => new AppError(409, securityMessages.emailInUse, errorCodes.emailTaken);

/** Spec 3 §4, step 1 (and its resend): a code to the current address of the signed-in user. */
export async function sendEmailChangeCode(ctx: AccountContext, signedIn: SignedIn, rawEmail: string, resend: boolean): Promise<ResendOtpResponse> {
  const user = await ownUser(ctx, signedIn, rawEmail);
  return mailOwnCode(ctx, user, 'change_email', emailChangeCodeMail, resend ? securityMessages.otpResent : securityMessages.otpSent);
}

/** Step 2: the code is right (it is spent by the change itself). */
export async function verifyEmailChangeCode(ctx: AccountContext, signedIn: SignedIn, rawEmail: string, otp: string) {
  const user = await ownUser(ctx, signedIn, rawEmail);
  await checkOwnCode(ctx, user.id, 'change_email', otp);
  return { success: true as const, message: securityMessages.otpVerified };
}

/**
 * Step 3: the account moves to `new_email` (free, and not the current one). Like a password change
 * it ends every other session and locks withdrawals for 24 hours, all in the transaction that
 * spends the code; then both addresses are told.
 */
export async function changeEmail(ctx: AccountContext, signedIn: SignedIn, req: EmailChangeRequest): Promise<EmailChangedResponse> {
  const user = await ownUser(ctx, signedIn, req.email);
  const newEmail = normalizeEmail(req.new_email);
  if (newEmail === user.email) throw new AppError(400, securityMessages.newEmailSame, errorCodes.validation);
  if (await findUserByEmail(ctx.db, newEmail)) throw emailInUse();
  if (await ctx.twoFactor.enabled(user.id)) {
    // The emailed code is checked first, so a wrong one is refused before an authenticator code is spent.
    await checkOwnCode(ctx, user.id, 'change_email', req.otp);
    await ctx.twoFactor.require(user.id, req.totp_code);
  }
  try {
    await checkOwnCode(ctx, user.id, 'change_email', req.otp, (q) => replaceEmail(q, user.id, newEmail, ctx.now(), signedIn.sessionId));
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw emailInUse();
    throw err;
  }
  ctx.sessions.events.revoked(user.id, { allBut: signedIn.sessionId });
  await clearLoginFailures(ctx.db, user.email);
  await sendMailSafely(ctx, emailChangedOldAddressMail(user.email, newEmail, user.id));
  await sendMailSafely(ctx, emailChangedNewAddressMail(newEmail));
  return { success: true, message: securityMessages.emailChanged, email: newEmail };
}
