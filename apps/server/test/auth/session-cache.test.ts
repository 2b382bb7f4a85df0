import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../src/modules/sessions/queries.js';
import { SESSION_STATE_TTL_MS, SessionCache } from '../../src/modules/sessions/session-cache.js';
import { createTokenService } from '../../src/modules/sessions/tokens.js';

function fakeStore() {
  const rows = new Map<string, SessionState>();
  const loads: string[] = [];
  let gate: Promise<void> | null = null;
  return {
    rows,
    loads,
    hold(): () => void {
      let release = () => {};
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
    async load(sessionId: string): Promise<SessionState | null> {
      loads.push(sessionId);
      const answer = rows.get(sessionId) ?? null;
      if (gate) await gate;
      return answer ? { ...answer } : null;
    },
  };
}

function state(sessionId: string, userId = 'user-1', emailVerified = false): SessionState {
  return { sessionId, userId, uid: 12345678, emailVerified };
}

describe('the session cache', () => {
  it('answers from memory within its TTL and from the database after it', async () => {
    const store = fakeStore();
    let now = 1_000;
    const cache = new SessionCache((id) => store.load(id), () => now);
    store.rows.set('s1', state('s1'));
    expect(await cache.get('s1')).toMatchObject({ userId: 'user-1' });
    store.rows.delete('s1');
    expect(await cache.get('s1')).toMatchObject({ userId: 'user-1' });
    expect(store.loads).toHaveLength(1);
    now += SESSION_STATE_TTL_MS;
    expect(await cache.get('s1')).toBeNull();
    expect(store.loads).toHaveLength(2);
  });

  it('reads every session of an invalidated user again, and only that user\u2019s', async () => {
    const store = fakeStore();
    const cache = new SessionCache((id) => store.load(id), () => 0);
    store.rows.set('a1', state('a1', 'alice'));
    store.rows.set('a2', state('a2', 'alice'));
    store.rows.set('b1', state('b1', 'bob'));
    for (const id of ['a1', 'a2', 'b1']) await cache.get(id);
    store.rows.set('a1', state('a1', 'alice', true));
    store.rows.delete('a2');
    cache.invalidate('alice');
    expect(await cache.get('a1')).toMatchObject({ emailVerified: true });
    expect(await cache.get('a2')).toBeNull();
    expect(await cache.get('b1')).toMatchObject({ userId: 'bob' });
    expect(store.loads).toEqual(['a1', 'a2', 'b1', 'a1', 'a2']);
  });

  it('does not keep a read that was in flight when its user changed', async () => {
    const store = fakeStore();
    const cache = new SessionCache((id) => store.load(id), () => 0);
    store.rows.set('s1', state('s1'));
    const release = store.hold();
    const inFlight = cache.get('s1');
    // The read above saw the row before the revocation committed; the revocation is announced now.
    store.rows.delete('s1');
    cache.invalidate('user-1');
    release();
    expect(await inFlight).toBeNull();
    expect(await cache.get('s1')).toBeNull();
  });
});

describe('session tokens', () => {
  const secret = 'a-test-secret-of-some-length-0123456789';
  const sessionId = randomUUID();

  it('carry the user and the session, and stop at their expiry even when remembered', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const tokens = createTokenService(secret, () => now);
    const token = await tokens.sign({ userId: 'u1', sessionId, issuedAtMs: now.getTime(), expiresAtMs: now.getTime() + 60_000 });
    expect(await tokens.verify(token)).toEqual({ userId: 'u1', sessionId, expiresAtMs: now.getTime() + 60_000 });
    now = new Date(now.getTime() + 60_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuse a token without a session id, and one signed with another key', async () => {
    const now = new Date();
    const tokens = createTokenService(secret, () => now);
    const iat = Math.floor(now.getTime() / 1000);
    const sessionless = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 60)
      .sign(new TextEncoder().encode(secret));
    expect(await tokens.verify(sessionless)).toBeNull();
    const foreign = await createTokenService('another-secret-of-some-length-98765', () => now).sign({
      userId: 'u1',
      sessionId,
      issuedAtMs: now.getTime(),
      expiresAtMs: now.getTime() + 60_000,
    });
    expect(await tokens.verify(foreign)).toBeNull();
  });
});
