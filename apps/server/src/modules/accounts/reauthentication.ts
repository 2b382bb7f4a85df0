import { apiErrorCodes, securityErrorCodes, securityMessages, serverMessages, type ResendOtpResponse } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { totpEnableCodeMail } from '../../mail/templates.js';
import type { AccountContext } from './context.js';
import { lockOf } from './login-service.js';
import { checkCode, codeError } from './otp.js';
import { verifyPassword } from './passwords.js';
import { findUserById, recordLoginFailure, type UserRow } from './queries.js';
import { mailOwnCode } from './signed-in-codes.js';

/** What the owner gives, beside the session, to show they are at the keyboard. */
export type Proof = { password: string } | { otp: string };

/**
 * Asking again for the password, or for a code mailed to the account's address, before a change a
 * stolen session must not make alone: turning the authenticator app on (the thief's own app would
 * then guard the account against its owner).
 */
export interface Reauthentication {
  /** Mails a code to the user's address unless one went out within the resend cooldown. */
  sendCode(userId: string): Promise<ResendOtpResponse>;
  /**
   * Checks the proof without spending it. A wrong password counts as a failed login of this client
   * on the address (so it meets the same limit as login); a wrong code as an attempt at that code.
   */
  check(userId: string, proof: Proof, clientAddress: string): Promise<void>;
  /** Spends a mailed code in the caller's transaction, which it rolls back if the code is gone meanwhile. */
  spend(q: Queryable, userId: string, proof: Proof): Promise<void>;
}

const PURPOSE = 'enable_totp';

export function reauthentication(ctx: AccountContext): Reauthentication {
  const userOf = async (userId: string): Promise<UserRow> => {
    const user = await findUserById(ctx.db, userId);
    if (!user) throw new AppError(401, serverMessages.unauthorized, apiErrorCodes.unauthorized);
    return user;
  };

  return {
    async sendCode(userId) {
      return mailOwnCode(ctx, await userOf(userId), PURPOSE, totpEnableCodeMail, securityMessages.otpSent);
    },

    async check(userId, proof, clientAddress) {
      const user = await userOf(userId);
      if ('password' in proof) {
        await lockOf(ctx, user.email, clientAddress);
        if (await verifyPassword(proof.password, user.password_hash)) return;
        await recordLoginFailure(ctx.db, user.email, clientAddress, ctx.now());
        throw new AppError(400, securityMessages.passwordWrong, securityErrorCodes.passwordWrong);
      }
      const result = await ctx.db.tx((q) => checkCode(ctx, q, user.id, PURPOSE, proof.otp, false));
      if (result !== 'ok') throw codeError(result, serverMessages.codeInvalid);
    },

    async spend(q, userId, proof) {
      if ('password' in proof) return;
      const result = await checkCode(ctx, q, userId, PURPOSE, proof.otp, true);
      if (result !== 'ok') throw codeError(result, serverMessages.codeInvalid);
    },
  };
}
