import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  authMessages,
  rewardMessages,
  errorCodes,
  OTP_RESEND_COOLDOWN_S,
  type ResendOtpResponse,
  type SignupRequest,
  type SignupResponse,
} from '@exchange/contract';
import { isUniqueViolation } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { verificationMail } from '../../mail/templates.js';
import type { AccountContext } from './context.js';
import { normalizeEmail, randomReferralCode, randomUid } from './codes.js';
import { hashPassword } from './passwords.js';
import { refuseGuessablePassword } from './password-policy.js';
import { checkCode, codeError, issueCode, issueCodeAfterCooldown, sendMailSafely } from './otp.js';
import { findUserByEmail, insertUser, insertWallet, markEmailVerified } from './queries.js';
import { grantDemo } from '../../ledger/demo-grant.js';
import type { SessionClient } from '../sessions/index.js';
import { referrerOf } from '../rewards/index.js';

const MAX_IDENTIFIER_RETRIES = 5;

function emailTaken(): AppError {
  return new AppError(409, authMessages.emailAlreadyRegistered, errorCodes.emailTaken);
}

/** Creates user + wallet + session + first code in one transaction, mails the code, and signs the user in. */
export async function signup(ctx: AccountContext, req: SignupRequest, client: SessionClient): Promise<SignupResponse> {
  const email = normalizeEmail(req.email);
  refuseGuessablePassword(req.password, email);
  if (await findUserByEmail(ctx.db, email)) throw emailTaken();
  // An unknown code is refused, not ignored: a mistyped code would otherwise lose the referral unseen.
  const referredBy = req.referral_code ? await referrerOf(ctx.db, req.referral_code) : null;
  if (req.referral_code && !referredBy) throw new AppError(400, rewardMessages.unknownReferralCode, errorCodes.validation);
  const passwordHash = await hashPassword(req.password, ctx.passwordHashing);
  const userId = randomUUID();

  for (let attempt = 1; ; attempt++) {
    try {
      const created = await ctx.db.tx(async (q) => {
        const createdAt = ctx.now();
        await insertUser(q, {
          id: userId,
          email,
          uid: randomUid(),
          referralCode: randomReferralCode(),
          passwordHash,
          country: req.country ?? null,
          referredBy,
          createdAt,
        });
        await insertWallet(q, randomUUID(), userId, createdAt);
        await grantDemo(ctx.ledger, q, userId, ctx.demoGrantUsdt);
        const code = await issueCode(ctx, q, userId, 'verify_email');
        return { code, token: await ctx.sessions.open(q, userId, client) };
      });
      await sendMailSafely(ctx, verificationMail(email, created.code));
      return {
        success: true,
        message: authMessages.registrationSuccessful,
        user_id: userId,
        token: created.token,
      };
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) throw emailTaken();
      // A random uid or referral code collided: draw new ones.
      if (isUniqueViolation(err) && attempt < MAX_IDENTIFIER_RETRIES) continue;
      throw err;
    }
  }
}

export async function verifyEmail(ctx: AccountContext, rawEmail: string, otp: string) {
  const user = await findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  if (!user) throw codeError('invalid', authMessages.invalidVerificationCode);
  const result = await ctx.db.tx(async (q) => {
    const check = await checkCode(ctx, q, user.id, 'verify_email', otp, true);
    if (check === 'ok') await markEmailVerified(q, user.id);
    return check;
  });
  if (result !== 'ok') throw codeError(result, authMessages.invalidVerificationCode);
  // The user's live sessions may trade from now on: their cached state must not wait for its expiry.
  ctx.sessions.events.changed(user.id);
  return { success: true as const, message: accountMessages.emailVerified };
}

/** Mails a new code unless the last one is younger than the cooldown. */
export async function sendVerificationCode(ctx: AccountContext, userId: string, email: string): Promise<void> {
  const code = await issueCodeAfterCooldown(ctx, userId, 'verify_email');
  if (code) await sendMailSafely(ctx, verificationMail(email, code));
}

/** The answer of the verification resend, whatever the address; it goes out before the lookup. */
export const verificationResentAnswer: ResendOtpResponse = {
  success: true,
  message: accountMessages.codeSent,
  retry_after_seconds: OTP_RESEND_COOLDOWN_S,
};

/** Runs after the answer: mails a new code to an unverified account when the cooldown allows. */
export async function mailVerificationCode(ctx: AccountContext, rawEmail: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, normalizeEmail(rawEmail));
  if (user && !user.email_verified) await sendVerificationCode(ctx, user.id, user.email);
}
