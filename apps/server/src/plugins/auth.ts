import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { FastifyRequest } from 'fastify';
import { serverMessages, apiErrorCodes } from '@exchange/contract';
import { AppError } from '../errors.js';

export interface TokenService {
  sign(userId: string): Promise<string>;
  /** The user id of a valid token, else null. */
  verify(token: string): Promise<string | null>;
}

export function createTokenService(secret: string, ttlSeconds: number, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(userId) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    userId: string | null;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: rejects the call with 401 unless it carries a valid bearer token. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** 403 unless the path or query id is the token's own user. */
export function assertSelf(request: FastifyRequest, userId: string): void {
  if (request.userId !== userId) throw new AppError(403, serverMessages.forbidden, apiErrorCodes.forbidden);
}

export const authPlugin = fp<{ tokens: TokenService }>(async (app, opts) => {
  app.decorate('tokens', opts.tokens);
  app.decorateRequest('userId', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const userId = match?.[1] ? await opts.tokens.verify(match[1]) : null;
    if (!userId) throw new AppError(401, serverMessages.unauthorized, apiErrorCodes.unauthorized);
    request.userId = userId;
  });
});
