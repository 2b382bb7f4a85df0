import { SignJWT, jwtVerify } from 'jose';

export interface SessionClaims {
  userId: string;
  sessionId: string;
  expiresAtMs: number;
}

export interface TokenService {
  sign(claims: SessionClaims & { issuedAtMs: number }): Promise<string>;
  /** The claims of a well-signed, unexpired session token, else null. Says nothing about the session being live. */
  verify(token: string): Promise<SessionClaims | null>;
}

/** Past this many tokens, the memo starts again empty rather than grow without bound. */
const MAX_REMEMBERED = 50_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * HS256 session tokens: `sub` is the user, `sid` the session row. A checked signature is
 * remembered until the token's `exp`: the HMAC through WebCrypto cost about a third of a
 * millisecond per order, and a signature cannot become wrong later. Whether the session is still
 * live is the session cache's question, asked on every call.
 */
export function createTokenService(secret: string, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, SessionClaims>();
  return {
    async sign({ userId, sessionId, issuedAtMs, expiresAtMs }) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(Math.floor(issuedAtMs / 1000))
        .setExpirationTime(Math.floor(expiresAtMs / 1000))
        .sign(key);
    },
    async verify(token) {
      const hit = verified.get(token);
      if (hit) return hit.expiresAtMs > now().getTime() ? hit : null;
      let payload;
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: now() }));
      } catch {
        return null;
      }
      const { sub, sid, exp } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || !UUID.test(sid) || typeof exp !== 'number') return null;
      const claims = { userId: sub, sessionId: sid, expiresAtMs: exp * 1000 };
      if (verified.size >= MAX_REMEMBERED) verified.clear();
      verified.set(token, claims);
      return claims;
    },
  };
}
