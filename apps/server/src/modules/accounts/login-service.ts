import {
  apiErrorCodes,
  errorCodes,
  serverMessages,
  type LoginRequest,
  type LoginResponse,
} from '@exchange/contract';
import { AppError } from '../../errors.js';
import type { AccountContext } from './context.js';
import { normalizeEmail } from './codes.js';
import { loginLock, type LoginLock } from './login-lock.js';
import { passLockWithMailedCode } from './login-unlock.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import { sendVerificationCode } from './signup-service.js';
import { clearClientLoginFailures, findUserByEmail, recentLoginFailures, recordLoginFailure } from './queries.js';

/** Refuses a client that failed too often on this email within the window; says whether others locked it. */
async function lockOf(ctx: AccountContext, email: string, clientAddress: string): Promise<LoginLock> {
  const { loginFailuresPerEmail: max, loginFailureWindowMs: windowMs } = ctx.rateLimit;
  const now = ctx.now().getTime();
  const counts = await recentLoginFailures(ctx.db, email, clientAddress, new Date(now - windowMs));
  const lock = loginLock(counts, max, windowMs, now);
  if (lock.kind === 'this-client') {
    throw new AppError(429, serverMessages.tooManyRequests, apiErrorCodes.rateLimited, lock.retryAfterSeconds);
  }
  return lock;
}

export async function login(ctx: AccountContext, req: LoginRequest, clientAddress: string): Promise<LoginResponse> {
  const email = normalizeEmail(req.email);
  const lock = await lockOf(ctx, email, clientAddress);
  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(req.password, user?.password_hash ?? dummyPasswordHash);
  if (!user || !passwordOk) {
    await recordLoginFailure(ctx.db, email, clientAddress, ctx.now());
    throw new AppError(401, serverMessages.invalidCredentials, apiErrorCodes.invalidCredentials);
  }
  if (lock.kind === 'other-clients') await passLockWithMailedCode(ctx, user, req.otp);
  await clearClientLoginFailures(ctx.db, email, clientAddress);
  if (!user.email_verified) {
    await sendVerificationCode(ctx, user.id, user.email);
    throw new AppError(403, serverMessages.emailNotVerified, errorCodes.emailNotVerified);
  }
  return {
    success: true,
    user_id: user.id,
    email: user.email,
    uid: user.uid,
    jwt_token: await ctx.tokens.sign(user.id),
  };
}
