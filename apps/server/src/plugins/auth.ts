import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { apiErrorCodes, errorCodes, frozenAccountText, serverMessages, verificationMessages } from '@exchange/contract';
import { AppError } from '../errors.js';

/** A signed-in caller's live session, as the sessions product resolves a token to it. */
export interface SessionState {
  sessionId: string;
  userId: string;
  /** The user's public numeric uid, which never changes. */
  uid: number;
  emailVerified: boolean;
}

export interface AuthOptions {
  sessions: { resolve(token: string): Promise<SessionState | null>; close(): void };
  /** Whether the user's identity verification was approved (modules/kyc). */
  identityApproved(userId: string): Promise<boolean>;
  /** Whether an operator froze the account (modules/accounts, issue 43). */
  frozen(userId: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A change a frozen account may still make (cancelling, verifying its identity): the freeze stops new risk and money leaving, not its undoing. */
    whileFrozen?: boolean;
  }
  interface FastifyRequest {
    userId: string | null;
    /** The caller's live session, set by `authenticate`. */
    session: SessionState | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the call carries the bearer token of a live session. */
    authenticate(request: FastifyRequest): Promise<void>;
    /**
     * preHandler of every call that moves money or trades: `authenticate`, then 403
     * EMAIL_NOT_VERIFIED unless the user has verified their email, then 403 ACCOUNT_FROZEN for a
     * frozen account's change (any method but GET, HEAD and DELETE, unless the route says `whileFrozen`).
     */
    requireVerified(request: FastifyRequest): Promise<void>;
    /**
     * preHandler of every call that opens risk or takes money out (futures positions, withdrawals):
     * `requireVerified`, then 403 IDENTITY_NOT_VERIFIED unless the user's identity verification was
     * approved. Read from the database on each call, so an operator's approval counts at once in
     * every process.
     */
    requireIdentity(request: FastifyRequest): Promise<void>;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

function forbidden(): AppError {
  return new AppError(403, serverMessages.forbidden, apiErrorCodes.forbidden);
}

/** 403 unless the path or query id is the token's own user. */
export function assertSelf(request: FastifyRequest, userId: string): void {
  if (request.userId !== userId) throw forbidden();
}

/**
 * The token's own user id when `uid` is its public uid, else 403, whether that uid exists or not,
 * so uids cannot be probed. The uid comes with the cached session state: no query per call.
 */
export function selfByUid(request: FastifyRequest, uid: string | number): string {
  const session = request.session;
  if (!session || session.uid !== Number(uid)) throw forbidden();
  return session.userId;
}

/** The signed-in user of a route behind `authenticate`. */
export function signedInUserId(request: FastifyRequest): string {
  if (!request.session) throw new AppError(401, serverMessages.unauthorized, apiErrorCodes.unauthorized);
  return request.session.userId;
}

/** The one authentication of every route and of the private websocket's login. */
/** The methods a frozen account keeps: reading, and deleting (an order, a key, an address). */
const FROZEN_KEEPS = new Set(['GET', 'HEAD', 'DELETE']);

export const authPlugin = fp<AuthOptions>(async (app, { sessions, identityApproved, frozen }) => {
  app.decorateRequest('userId', null);
  app.decorateRequest('session', null);
  app.addHook('onClose', async () => sessions.close());

  const authenticate = async (request: FastifyRequest): Promise<void> => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const session = token ? await sessions.resolve(token) : null;
    if (!session) throw new AppError(401, serverMessages.unauthorized, apiErrorCodes.unauthorized);
    request.userId = session.userId;
    request.session = session;
  };
  app.decorate('authenticate', authenticate);
  const requireVerified = async (request: FastifyRequest): Promise<void> => {
    await authenticate(request);
    if (!request.session?.emailVerified) {
      throw new AppError(403, serverMessages.emailNotVerified, errorCodes.emailNotVerified);
    }
    // The one place a freeze stops the session's calls; the signed v5 calls check it in api-keys' okx-auth.
    if (!FROZEN_KEEPS.has(request.method) && request.routeOptions.config.whileFrozen !== true && (await frozen(request.session.userId))) {
      throw new AppError(403, frozenAccountText, errorCodes.accountFrozen);
    }
  };
  app.decorate('requireVerified', requireVerified);
  app.decorate('requireIdentity', async (request: FastifyRequest) => {
    await requireVerified(request);
    if (!(await identityApproved(request.userId as string))) {
      throw new AppError(403, verificationMessages.identityRequired, errorCodes.identityNotVerified);
    }
  });
});
