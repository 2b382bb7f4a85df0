import type { FastifyRequest } from 'fastify';
import { apiErrorCodes, securityErrorCodes, securityMessages, serverMessages } from '@exchange/contract';
import { AppError } from '../../errors.js';
import type { AccountContext } from './context.js';
import { normalizeEmail } from './codes.js';
import { findUserById, type UserRow } from './queries.js';

/** The caller of a signed-in account page: its user and the session it keeps through a change. */
export interface SignedIn {
  userId: string;
  sessionId: string;
}

export function signedInOf(request: FastifyRequest): SignedIn {
  const session = request.session;
  if (!session) throw new AppError(401, serverMessages.unauthorized, apiErrorCodes.unauthorized);
  return { userId: session.userId, sessionId: session.sessionId };
}

/** The signed-in user, when `rawEmail` is their own address; 403 for any other (spec 3's calls name the address). */
export async function ownUser(ctx: AccountContext, signedIn: SignedIn, rawEmail: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, signedIn.userId);
  if (!user) throw new AppError(401, serverMessages.unauthorized, apiErrorCodes.unauthorized);
  if (normalizeEmail(rawEmail) !== user.email) {
    throw new AppError(403, securityMessages.emailNotYours, securityErrorCodes.emailNotYours);
  }
  return user;
}
