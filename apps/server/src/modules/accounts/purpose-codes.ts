import { serverMessages } from '@exchange/contract';
import type { Mail } from '../../mail/mailer.js';
import type { AccountContext } from './context.js';
import { checkCode, codeError, issueCodeAfterCooldown, sendMailSafely } from './otp.js';
import { findUserById, type CodePurpose } from './queries.js';

/** Emailed codes that confirm one sensitive action of a signed-in user (a new withdrawal address...). */
export interface PurposeCodes {
  /** Mails a fresh code unless one went out within the resend cooldown (that one still works). */
  send(userId: string): Promise<void>;
  /** Spends a correct code; throws the plain-words refusal of a wrong, expired or exhausted one. */
  verify(userId: string, code: string): Promise<void>;
}

/**
 * `afterSpent`: a new code may be mailed at once after the last one was spent, for actions a user
 * repeats in a row (making an API key, then deleting another).
 */
export function purposeCodes(ctx: AccountContext, purpose: CodePurpose, mail: (to: string, code: string) => Mail, options: { afterSpent?: boolean } = {}): PurposeCodes {
  return {
    async send(userId) {
      const code = await issueCodeAfterCooldown(ctx, userId, purpose, options);
      if (code === undefined) return;
      const user = await findUserById(ctx.db, userId);
      if (user) await sendMailSafely(ctx, mail(user.email, code));
    },
    async verify(userId, code) {
      const result = await ctx.db.tx((q) => checkCode(ctx, q, userId, purpose, code, true));
      if (result !== 'ok') throw codeError(result, serverMessages.codeInvalid);
    },
  };
}
