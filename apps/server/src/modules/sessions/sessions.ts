import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database.js';
import type { SessionEvents } from './events.js';
import { insertSession, liveSessionState, type SessionState } from './queries.js';
import { SessionCache } from './session-cache.js';
import type { TokenService } from './tokens.js';

/** Who opened a session, recorded with it. */
export interface SessionClient {
  address: string;
  userAgent: string | null;
}

export interface Sessions {
  /** Records a new session of the user (in the caller's transaction) and returns its token. */
  open(q: Queryable, userId: string, client: SessionClient): Promise<string>;
  /** The state of the live session a token belongs to, else null. */
  resolve(token: string): Promise<SessionState | null>;
  /** Announce here, after commit, every change to a user's sessions or to what they carry. */
  readonly events: SessionEvents;
  close(): void;
}

export interface SessionsOptions {
  db: Database;
  tokens: TokenService;
  events: SessionEvents;
  ttlSeconds: number;
  now: () => Date;
}

const MAX_USER_AGENT = 512;

/** The client of a request as a session records it: control characters dropped, bounded length. */
export function sessionClient(request: FastifyRequest): SessionClient {
  const agent = request.headers['user-agent'];
  // eslint-disable-next-line no-control-regex
  const clean = typeof agent === 'string' ? agent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_USER_AGENT) : '';
  return { address: request.ip, userAgent: clean === '' ? null : clean };
}

export function createSessions({ db, tokens, events, ttlSeconds, now }: SessionsOptions): Sessions {
  const cache = new SessionCache(
    (sessionId) => liveSessionState(db, sessionId, now()),
    () => now().getTime(),
  );
  const unsubscribe = events.subscribe((event) => cache.invalidate(event.userId));
  return {
    async open(q, userId, client) {
      const createdAt = now();
      // Whole seconds, so the row's expiry is exactly the token's `exp`.
      const issuedAtMs = Math.floor(createdAt.getTime() / 1000) * 1000;
      const expiresAtMs = issuedAtMs + ttlSeconds * 1000;
      const sessionId = randomUUID();
      await insertSession(q, {
        id: sessionId,
        userId,
        createdAt,
        expiresAt: new Date(expiresAtMs),
        clientAddress: client.address,
        userAgent: client.userAgent,
      });
      return tokens.sign({ userId, sessionId, issuedAtMs, expiresAtMs });
    },
    async resolve(token) {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const state = await cache.get(claims.sessionId);
      return state && state.userId === claims.userId ? state : null;
    },
    events,
    close: unsubscribe,
  };
}
