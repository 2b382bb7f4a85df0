import { randomUUID } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_S, OTP_TTL_MS, errorCodes, serverMessages } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import type { Mail } from '../../mail/mailer.js';
import { AppError } from '../../errors.js';
import type { AccountContext } from './context.js';
import { generateOtp, hashOtp, otpMatches } from './codes.js';
import {
  activeCodeForUpdate,
  consumeCode,
  incrementCodeAttempts,
  latestCode,
  lockUser,
  replaceCode,
  type CodePurpose,
} from './queries.js';

/** Stores a fresh code (replacing the previous one) and returns it in clear for the mail. */
export async function issueCode(
  ctx: AccountContext,
  q: Queryable,
  userId: string,
  purpose: CodePurpose,
): Promise<string> {
  const code = generateOtp();
  const now = ctx.now();
  await replaceCode(q, {
    id: randomUUID(),
    userId,
    purpose,
    hash: hashOtp(ctx.codePepper, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
  });
  return code;
}

/** Seconds left before another code may be sent; 0 when sending is allowed. */
export async function resendWait(ctx: AccountContext, q: Queryable, userId: string, purpose: CodePurpose): Promise<number> {
  const last = await latestCode(q, userId, purpose);
  if (!last) return 0;
  const elapsedMs = ctx.now().getTime() - new Date(last.created_at).getTime();
  return Math.max(0, Math.ceil((OTP_RESEND_COOLDOWN_S * 1000 - elapsedMs) / 1000));
}

/**
 * Issues a fresh code unless the last one is younger than the resend cooldown (then undefined).
 * The user's row is locked first, so concurrent sends (say a reset request and its resend, both
 * answered at once with their work running after) take turns and only one of them issues a code.
 */
export async function issueCodeAfterCooldown(
  ctx: AccountContext,
  userId: string,
  purpose: CodePurpose,
  { afterSpent = false }: { afterSpent?: boolean } = {},
): Promise<string | undefined> {
  return ctx.db.tx(async (q) => {
    await lockUser(q, userId);
    // With `afterSpent`, a spent code holds back no new one: the cooldown keeps a live code from being replaced.
    const spent = afterSpent && (await latestCode(q, userId, purpose))?.consumed_at != null;
    if (!spent && (await resendWait(ctx, q, userId, purpose)) > 0) return undefined;
    return issueCode(ctx, q, userId, purpose);
  });
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'locked';

/**
 * Checks a code inside the caller's transaction. It returns instead of throwing so the counted
 * wrong attempt is committed; `consume` spends a correct code.
 */
export async function checkCode(
  ctx: AccountContext,
  q: Queryable,
  userId: string,
  purpose: CodePurpose,
  code: string,
  consume: boolean,
): Promise<CodeCheck> {
  const row = await activeCodeForUpdate(q, userId, purpose);
  if (!row) return 'invalid';
  if (row.attempts >= OTP_MAX_ATTEMPTS) return 'locked';
  const now = ctx.now();
  if (new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
  if (!otpMatches(ctx.codePepper, code.trim(), row.code_hash)) {
    const attempts = await incrementCodeAttempts(q, row.id);
    return attempts >= OTP_MAX_ATTEMPTS ? 'locked' : 'invalid';
  }
  if (consume) await consumeCode(q, row.id, now);
  return 'ok';
}

export function codeError(result: Exclude<CodeCheck, 'ok'>, invalidMessage: string): AppError {
  switch (result) {
    case 'expired':
      return new AppError(400, serverMessages.codeExpired, errorCodes.codeExpired);
    case 'locked':
      return new AppError(400, serverMessages.codeTooManyAttempts, errorCodes.codeLocked);
    case 'invalid':
      return new AppError(400, invalidMessage, errorCodes.codeInvalid);
  }
}

/** Sends a mail after the transaction committed; a failed send is logged, the user can resend. */
export async function sendMailSafely(ctx: AccountContext, mail: Mail) {
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.log.error({ err, mail: { to: mail.to, subject: mail.subject } }, 'sending mail failed');
  }
}
