import {
  apiErrorCodes,
  errorCodes,
  securityErrorCodes,
  securityMessages,
  serverMessages,
  type LoginRequest,
  type LoginResponse,
} from '@exchange/contract';
import { AppError } from '../../errors.js';
import { hasSessionFrom, type SessionClient } from '../sessions/index.js';
import { recordNotification } from '../notifications/index.js';
import type { Queryable } from '../../db/database.js';
import { describeDevice } from '../../shared/device.js';
import type { AccountContext } from './context.js';
import { normalizeEmail } from './codes.js';
import { loginLock, type LoginLock } from './login-lock.js';
import { passLockWithMailedCode } from './login-unlock.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import { sendVerificationCode } from './signup-service.js';
import {
  clearClientLoginFailures,
  findUserByEmail,
  passwordHashForShare,
  recentLoginFailures,
  recordLoginFailure,
} from './queries.js';

/** Refuses a client that failed too often on this email within the window; says whether others locked it. */
export async function lockOf(ctx: AccountContext, email: string, clientAddress: string): Promise<LoginLock> {
  const { loginFailuresPerEmail: max, loginFailureWindowMs: windowMs } = ctx.rateLimit;
  const now = ctx.now().getTime();
  const counts = await recentLoginFailures(ctx.db, email, clientAddress, new Date(now - windowMs));
  const lock = loginLock(counts, max, windowMs, now);
  if (lock.kind === 'this-client') {
    throw new AppError(429, serverMessages.tooManyRequests, apiErrorCodes.rateLimited, lock.retryAfterSeconds);
  }
  return lock;
}

export async function login(ctx: AccountContext, req: LoginRequest, client: SessionClient): Promise<LoginResponse> {
  const email = normalizeEmail(req.email);
  const lock = await lockOf(ctx, email, client.address);
  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(req.password, user?.password_hash ?? (await dummyPasswordHash(ctx.passwordHashing)));
  if (!user || !passwordOk) {
    await recordLoginFailure(ctx.db, email, client.address, ctx.now());
    throw new AppError(401, serverMessages.invalidCredentials, apiErrorCodes.invalidCredentials);
  }
  // Asked before a mailed unlock code is spent, so the follow-up call with both codes can pass.
  const twoFactorOn = await ctx.twoFactor.enabled(user.id);
  if (twoFactorOn && req.totp_code === undefined) {
    throw new AppError(403, securityMessages.totpRequired, securityErrorCodes.totpRequired);
  }
  if (lock.kind === 'other-clients') await passLockWithMailedCode(ctx, user, req.otp);
  await clearClientLoginFailures(ctx.db, email, client.address);
  if (!user.email_verified) {
    await sendVerificationCode(ctx, user.id, user.email);
    throw new AppError(403, serverMessages.emailNotVerified, errorCodes.emailNotVerified);
  }
  if (twoFactorOn) await ctx.twoFactor.require(user.id, req.totp_code, { recovery: true });
  // A password reset that committed while the password was being checked revoked the sessions it
  // could see, not this one: open it only while the checked hash is still the user's.
  const token = await ctx.db.tx(async (q) => {
    if ((await passwordHashForShare(q, user.id)) !== user.password_hash) return null;
    if (!(await hasSessionFrom(q, user.id, client.userAgent))) await noteNewDevice(q, user.id, client, ctx.now());
    return ctx.sessions.open(q, user.id, client);
  });
  if (!token) throw new AppError(401, serverMessages.invalidCredentials, apiErrorCodes.invalidCredentials);
  return { success: true, user_id: user.id, email: user.email, uid: user.uid, jwt_token: token };
}

/** A login from a user agent the user never signed in from: told in the login's own transaction. */
async function noteNewDevice(q: Queryable, userId: string, client: SessionClient, at: Date): Promise<void> {
  const params = { device: describeDevice(client.userAgent).slice(0, 80), address: client.address.slice(0, 80) };
  await recordNotification(q, { userId, at, body: { code: 'new_device_login', params } });
}
