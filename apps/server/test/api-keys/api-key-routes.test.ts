import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_PER_USER, type ApiKeysResponse } from '@exchange/contract';
import { createKeyBox } from '../../src/modules/api-keys/index.js';
import { frozenAmong, setFreeze } from '../../src/modules/accounts/index.js';
import { insertKey, liveKeysOf } from '../../src/modules/api-keys/store.js';
import { bearer, FEATURE_DB, manualClock, otherCode, signUpUser, startApp, type SignedUpUser, type TestApp } from '../helpers.js';
import { appCode, enableTotp } from '../security/security-helpers.js';
import { createKey, createRequest, deleteKey, KEYS, mailedCode, PASSPHRASE, signedCall } from './api-key-helpers.js';

describe('the API keys’ calls', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (user: SignedUpUser) => {
    const res = await t.app.inject({ url: KEYS, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ApiKeysResponse).items;
  };
  const mails = async (user: SignedUpUser) => {
    await t.app.services.background.idle();
    return (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` })).json() as { subject: string; text: string }[];
  };

  it('creates a key with the mailed code, answers its secret once, lists it without it, mails the user and deletes it', async () => {
    const u = await signUpUser(t.app, 'keys');
    const key = await createKey(t.app, u, { label: 'grid bot', permissions: ['read', 'trade'], ip_allowlist: ['203.0.113.7', '2001:db8::/32'] });
    expect(key).toMatchObject({ label: 'grid bot', permissions: ['read', 'trade'], passphrase: PASSPHRASE, ip_allowlist: ['203.0.113.7', '2001:db8::/32'], expires_at: null });
    expect(key.api_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(key.secret_key).toMatch(/^[0-9A-F]{32}$/);
    const [listed] = await list(u);
    expect(listed).toEqual({ ...key, last_used_at: null, last_used_ip: null, secret_key: undefined, passphrase: undefined });
    expect(JSON.stringify(await list(u))).not.toContain(key.secret_key);
    const [created] = await mails(u);
    expect(created?.subject).toBe('A new API key was created');
    expect(created?.text).toContain('grid bot');
    expect(created?.text).not.toContain(key.secret_key);

    clock.advance(61_000);
    const deleted = await deleteKey(t.app, u, key.api_key);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await list(u)).toEqual([]);
  });

  it('stores neither the secret nor the passphrase in the clear', async () => {
    const u = await signUpUser(t.app, 'sealed');
    const key = await createKey(t.app, u);
    const row = await t.app.services.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE api_key = $1', [key.api_key]);
    const stored = JSON.stringify(row.rows[0]);
    expect(stored).not.toContain(key.secret_key);
    expect(stored).not.toContain(PASSPHRASE);
  });

  it('refuses a wrong or missing mailed code and creates nothing', async () => {
    const u = await signUpUser(t.app, 'wrongcode');
    const code = await mailedCode(t.app, u);
    const wrong = await createRequest(t.app, u, { email_code: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    const missing = await createRequest(t.app, u, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('email_code');
    expect(await list(u)).toEqual([]);
  });

  it('gives the withdraw permission only with an IP allow-list', async () => {
    const u = await signUpUser(t.app, 'withdraw');
    const code = await mailedCode(t.app, u);
    const refused = await createRequest(t.app, u, { email_code: code, permissions: ['read', 'withdraw'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The withdraw permission needs an IP allow-list');
    const key = await createKey(t.app, u, { permissions: ['read', 'withdraw'], ip_allowlist: ['198.51.100.0/24'] });
    expect(key.permissions).toEqual(['read', 'withdraw']);
  });

  it('refuses malformed fields, naming them', async () => {
    const u = await signUpUser(t.app, 'fields');
    const cases: [Record<string, unknown>, string][] = [
      [{ ip_allowlist: ['10.0.0.0/33'] }, 'ip_allowlist'],
      [{ ip_allowlist: ['not an address'] }, 'ip_allowlist'],
      [{ permissions: [] }, 'permissions'],
      [{ permissions: ['read', 'read'] }, 'permissions'],
      [{ permissions: ['admin'] }, 'permissions'],
      [{ passphrase: 'short' }, 'passphrase'],
      [{ label: '' }, 'label'],
      [{ expires_at: 'tomorrow' }, 'expires_at'],
      [{ expires_at: new Date(clock.now().getTime() - 1000).toISOString() }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const res = await createRequest(t.app, u, { email_code: '123456', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect(await list(u)).toEqual([]);
  });

  it(`keeps at most ${API_KEYS_PER_USER} keys a user`, async () => {
    const u = await signUpUser(t.app, 'cap');
    const box = createKeyBox('test');
    for (let i = 0; i < API_KEYS_PER_USER; i++) {
      const { apiKey, secret } = box.issue();
      const stored = await insertKey(t.app.services.db, {
        userId: u.userId,
        apiKey,
        label: `k${i}`,
        permissions: ['read'],
        ipAllowlist: [],
        secretSealed: box.seal(secret),
        passphraseHash: box.hashPassphrase(PASSPHRASE),
        expiresAt: null,
        createdAt: clock.now(),
      });
      expect(stored).not.toBeNull();
    }
    const code = await mailedCode(t.app, u);
    const refused = await createRequest(t.app, u, { email_code: code });
    expect(refused.statusCode).toBe(409);
    expect(await list(u)).toHaveLength(API_KEYS_PER_USER);
  });

  it('asks for the authenticator’s code once the app is on', async () => {
    const u = await signUpUser(t.app, 'totp');
    const { secret } = await enableTotp(t.app, u, clock.now().getTime());
    clock.advance(61_000);
    const code = await mailedCode(t.app, u);
    const without = await createRequest(t.app, u, { email_code: code });
    expect(without.statusCode).toBe(403);
    expect(await list(u)).toEqual([]);
    const key = await createKey(t.app, u, { totp_code: appCode(secret, clock.now().getTime()) });
    clock.advance(61_000);
    expect((await deleteKey(t.app, u, key.api_key)).statusCode).toBe(403);
    clock.advance(61_000);
    const deleted = await deleteKey(t.app, u, key.api_key, { totp_code: appCode(secret, clock.now().getTime()) });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('deletes only the user’s own keys, with the mailed code', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const other = await signUpUser(t.app, 'other');
    const key = await createKey(t.app, owner);
    expect((await deleteKey(t.app, other, key.api_key)).statusCode).toBe(404);
    clock.advance(61_000);
    const code = await mailedCode(t.app, owner);
    const wrong = await t.app.inject({ method: 'DELETE', url: `${KEYS}/${key.api_key}`, headers: bearer(owner.token), payload: { email_code: otherCode(code) } });
    expect(wrong.statusCode).toBe(400);
    expect(await list(owner)).toHaveLength(1);
  });

  it('refuses a deleted key at its next signed call', async () => {
    const u = await signUpUser(t.app, 'revoke');
    const key = await createKey(t.app, u);
    const call = () => signedCall(t.app, key, { path: '/api/v5/account/config', at: clock.now() });
    expect((await call()).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await deleteKey(t.app, u, key.api_key)).statusCode).toBe(200);
    const refused = await call();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: '50111', msg: 'Invalid OK-ACCESS-KEY', data: [], message: 'Invalid OK-ACCESS-KEY' });
  });

  it('mails a new code at once after the last was spent, and none while it is live', async () => {
    const u = await signUpUser(t.app, 'resend');
    await createKey(t.app, u);
    clock.advance(1000);
    const fresh = await mailedCode(t.app, u);
    clock.advance(1000);
    const again = await t.app.inject({ method: 'POST', url: `${KEYS}/email-code`, headers: bearer(u.token), payload: {} });
    expect(again.statusCode).toBe(200);
    const live = (await mails(u)).filter((m) => m.subject === 'Your code to manage API keys');
    expect(live).toHaveLength(2);
    expect(live[0]?.text).toContain(fresh);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ url: KEYS })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${KEYS}/email-code`, payload: {} })).statusCode).toBe(401);
  });

  it('reads many live keys and their users’ freezes in one statement each (the cache’s renewal)', async () => {
    const u = await signUpUser(t.app, 'renewed');
    const other = await signUpUser(t.app, 'renewed-other');
    const kept = await createKey(t.app, u, { permissions: ['read', 'trade'] });
    const gone = await createKey(t.app, u);
    const others = await createKey(t.app, other);
    clock.advance(61_000);
    expect((await deleteKey(t.app, u, gone.api_key)).statusCode).toBe(200);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const found = await liveKeysOf(t.app.services.db, [kept.api_key, gone.api_key, others.api_key, unknown]);
    expect([...found.keys()].sort()).toEqual([kept.api_key, others.api_key].sort());
    expect(found.get(kept.api_key)).toMatchObject({ userId: u.userId, permissions: ['read', 'trade'], expiresAt: null });
    expect(found.get(others.api_key)?.userId).toBe(other.userId);

    await setFreeze(t.app.services.db, other.userId, { at: new Date(), reason: 'test', by: 'test' });
    expect([...(await frozenAmong(t.app.services.db, [u.userId, other.userId]))]).toEqual([other.userId]);
    expect((await frozenAmong(t.app.services.db, [])).size).toBe(0);
  });
});
