import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database.js';
import type { SessionEvents } from './events.js';
import { extendSession, insertSession, liveSessionState, type SessionState } from './queries.js';
import { SessionCache, type LiveSession } from './session-cache.js';
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

/** Sessions that end after a while without a call (an operator's, issue 43), within the token's lifetime. */
export interface IdleRule {
  seconds: number;
  /** Whether the user's sessions are short (the user holds an operator role). */
  appliesTo(q: Queryable, userId: string): Promise<boolean>;
}

export interface SessionsOptions {
  db: Database;
  tokens: TokenService;
  events: SessionEvents;
  ttlSeconds: number;
  now: () => Date;
  idle?: IdleRule;
}

const MAX_USER_AGENT = 512;

/**
 * An idle-limited session's end is pushed back at most once a minute: a write per call would cost
 * the order path of an operator who also trades, and the idle limit is kept to the minute.
 */
export const IDLE_EXTEND_EVERY_MS = 60_000;

/** The client of a request as a session records it: control characters dropped, bounded length. */
export function sessionClient(request: FastifyRequest): SessionClient {
  const agent = request.headers['user-agent'];
  // eslint-disable-next-line no-control-regex
  const clean = typeof agent === 'string' ? agent.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, MAX_USER_AGENT) : '';
  return { address: request.ip, userAgent: clean === '' ? null : clean };
}

export function createSessions({ db, tokens, events, ttlSeconds, now, idle }: SessionsOptions): Sessions {
  const idleMs = (idle?.seconds ?? 0) * 1000;
  const cache = new SessionCache<LiveSession>(
    async (sessionId) => {
      const state = await liveSessionState(db, sessionId, now());
      if (!state) return null;
      return { ...state, idleLimited: idle !== undefined && (await idle.appliesTo(db, state.userId)) };
    },
    () => now().getTime(),
  );
  const unsubscribe = events.subscribe((event) => cache.invalidate(event.userId));

  /**
   * An idle-limited session's row ends `idleMs` after its last call (never past the token's own
   * end), so every list of sessions (the user's sign-ins, the console's count) sees it end too.
   * A role granted during a long session shortens it here, at its next call.
   */
  async function keepAlive(state: LiveSession, tokenEndMs: number, nowMs: number): Promise<LiveSession | null> {
    if (!state.idleLimited) return state;
    if (state.expiresAtMs <= nowMs) return null;
    const left = state.expiresAtMs - nowMs;
    if (left > idleMs - IDLE_EXTEND_EVERY_MS && left <= idleMs) return state;
    const end = Math.min(tokenEndMs, nowMs + idleMs);
    if (!(await extendSession(db, state.sessionId, new Date(nowMs), new Date(end)))) return null;
    // The cached entry is this object: the next calls of this process see the new end at once.
    state.expiresAtMs = end;
    return state;
  }

  return {
    async open(q, userId, client) {
      const createdAt = now();
      // Whole seconds, so the row's expiry is exactly the token's `exp`.
      const issuedAtMs = Math.floor(createdAt.getTime() / 1000) * 1000;
      const expiresAtMs = issuedAtMs + ttlSeconds * 1000;
      const idleLimited = idle !== undefined && (await idle.appliesTo(q, userId));
      const sessionId = randomUUID();
      await insertSession(q, {
        id: sessionId,
        userId,
        createdAt,
        expiresAt: new Date(idleLimited ? Math.min(expiresAtMs, createdAt.getTime() + idleMs) : expiresAtMs),
        clientAddress: client.address,
        userAgent: client.userAgent,
      });
      return tokens.sign({ userId, sessionId, issuedAtMs, expiresAtMs });
    },
    async resolve(token) {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const state = await cache.get(claims.sessionId);
      if (!state || state.userId !== claims.userId) return null;
      return keepAlive(state, claims.expiresAtMs, now().getTime());
    },
    events,
    close: unsubscribe,
  };
}
