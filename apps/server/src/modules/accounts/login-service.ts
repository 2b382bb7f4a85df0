import {
  apiErrorCodes,
  errorCodes,
  serverMessages,
  type LoginRequest,
  type LoginResponse,
} from '@exchange/contract';
import { AppError } from '../../errors.js';
import type { SessionClient } from '../sessions/sessions.js';
import type { AccountContext } from './context.js';
import { normalizeEmail } from './codes.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import { sendVerificationCode } from './signup-service.js';
import {
  clearLoginFailures,
  findUserByEmail,
  passwordHashForShare,
  recentLoginFailures,
  recordLoginFailure,
} from './queries.js';

/** Refuses further guesses on an address that failed too often within the window. */
async function assertNotThrottled(ctx: AccountContext, email: string): Promise<void> {
  const { loginFailuresPerEmail: max, loginFailureWindowMs: windowMs } = ctx.rateLimit;
  if (max <= 0) return;
  const now = ctx.now().getTime();
  const { count, oldest } = await recentLoginFailures(ctx.db, email, new Date(now - windowMs));
  if (count < max) return;
  const retryMs = oldest ? new Date(oldest).getTime() + windowMs - now : windowMs;
  const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
  throw new AppError(429, serverMessages.tooManyRequests, apiErrorCodes.rateLimited, retryAfter);
}

export async function login(ctx: AccountContext, req: LoginRequest, client: SessionClient): Promise<LoginResponse> {
  const email = normalizeEmail(req.email);
  await assertNotThrottled(ctx, email);
  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(req.password, user?.password_hash ?? dummyPasswordHash);
  if (!user || !passwordOk) {
    await recordLoginFailure(ctx.db, email, ctx.now());
    throw new AppError(401, serverMessages.invalidCredentials, apiErrorCodes.invalidCredentials);
  }
  await clearLoginFailures(ctx.db, email);
  if (!user.email_verified) {
    await sendVerificationCode(ctx, user.id, user.email);
    throw new AppError(403, serverMessages.emailNotVerified, errorCodes.emailNotVerified);
  }
  // A password reset that committed while the password was being checked revoked the sessions it
  // could see, not this one: open it only while the checked hash is still the user's.
  const token = await ctx.db.tx(async (q) =>
    (await passwordHashForShare(q, user.id)) === user.password_hash ? ctx.sessions.open(q, user.id, client) : null,
  );
  if (!token) throw new AppError(401, serverMessages.invalidCredentials, apiErrorCodes.invalidCredentials);
  return { success: true, user_id: user.id, email: user.email, uid: user.uid, jwt_token: token };
}
