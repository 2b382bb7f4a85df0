import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes, errorCodes, serverMessages } from '@exchange/contract';
import type { App } from '../src/app.js';
import { loginLock } from '../src/modules/accounts/login-lock.js';
import { latestCode, manualClock, otherCode, startApp, uniqueEmail, type DbKind, type TestApp, FEATURE_DB } from './helpers.js';

const PASSWORD = 'correct-horse-1';
const api = '/api/user_account';
const ATTACKER = '198.51.100.66';
const OWNER = '203.0.113.5';
const MAX = 10;
const WINDOW_MS = 15 * 60_000;

describe.each<DbKind>([FEATURE_DB])('login failures per client address on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let app: App;

  beforeAll(async () => {
    t = await startApp(kind, {
      now: clock.now,
      rateLimit: { authPerIpPerMinute: 0, loginFailuresPerEmail: MAX, loginFailureWindowMs: WINDOW_MS },
    });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  function login(remoteAddress: string, email: string, password: string, otp?: string) {
    return app.inject({ method: 'POST', url: `${api}/login`, remoteAddress, payload: { email, password, otp } });
  }

  async function mails(email: string): Promise<{ subject: string; text: string }[]> {
    await app.services.background.idle();
    return (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json();
  }

  async function verifiedUser(): Promise<string> {
    const email = uniqueEmail('owner');
    const signup = await app.inject({
      method: 'POST',
      url: `${api}/signup`,
      payload: { email, password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(signup.statusCode).toBe(201);
    const otp = await latestCode(app, email);
    expect((await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email, otp } })).statusCode).toBe(200);
    return email;
  }

  async function lockFrom(address: string, email: string) {
    for (let i = 0; i < MAX; i++) expect((await login(address, email, 'wrong-password')).statusCode).toBe(401);
  }

  it('lets the owner in from another address with the password and a mailed code, while the attacker stays at 429', async () => {
    const email = await verifiedUser();
    await lockFrom(ATTACKER, email);
    const attacker = await login(ATTACKER, email, PASSWORD);
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().code).toBe(apiErrorCodes.rateLimited);

    const asked = await login(OWNER, email, PASSWORD);
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ message: serverMessages.loginCodeRequired, code: errorCodes.loginCodeRequired });
    const [mail] = await mails(email);
    expect(mail?.subject).toBe('Your login code');
    const code = await latestCode(app, email);

    const res = await login(OWNER, email, PASSWORD, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, email });
    expect(res.json().jwt_token).toEqual(expect.any(String));

    // The owner's success does not free the attacker's address.
    expect((await login(ATTACKER, email, PASSWORD)).statusCode).toBe(429);
    // The code is spent: the next login from the owner's address needs a new one.
    const reused = await login(OWNER, email, PASSWORD, code);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(errorCodes.codeInvalid);
  });

  it('refuses a wrong or absent code, and a wrong password never gets a code', async () => {
    const email = await verifiedUser();
    await lockFrom(ATTACKER, email);

    const wrongPassword = await login(OWNER, email, 'not-the-password');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(serverMessages.invalidCredentials);
    expect((await mails(email)).map((m) => m.subject)).toEqual(['Your verification code']);

    expect((await login(OWNER, email, PASSWORD)).statusCode).toBe(403);
    const code = await latestCode(app, email);
    const wrongCode = await login(OWNER, email, PASSWORD, otherCode(code));
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ message: serverMessages.codeInvalid, code: errorCodes.codeInvalid });
    expect(wrongCode.json()).not.toHaveProperty('jwt_token');

    // Asking again within the resend cooldown mails nothing new; the first code still works.
    const again = await login(OWNER, email, PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe(errorCodes.loginCodeRequired);
    expect((await mails(email)).filter((m) => m.subject === 'Your login code')).toHaveLength(1);

    // The right code with a wrong password is still a wrong password.
    expect((await login(OWNER, email, 'not-the-password', code)).statusCode).toBe(401);
    expect((await login(OWNER, email, PASSWORD, code)).statusCode).toBe(200);
  });

  it('changes nothing when the failures came from the same address: 429, no code, no mail', async () => {
    const email = await verifiedUser();
    await lockFrom(OWNER, email);
    const blocked = await login(OWNER, email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retry_after_seconds).toBeGreaterThan(0);
    expect((await login(OWNER, email, PASSWORD, '123456')).statusCode).toBe(429);
    expect((await mails(email)).map((m) => m.subject)).toEqual(['Your verification code']);

    // Those failures count toward the email too: from another address the password needs a code.
    expect((await login(ATTACKER, email, PASSWORD)).json().code).toBe(errorCodes.loginCodeRequired);

    clock.advance(WINDOW_MS + 1000);
    expect((await login(OWNER, email, PASSWORD)).statusCode).toBe(200);
  });

  it('ignores a code when the email is not locked, and a success clears only its own address', async () => {
    const email = await verifiedUser();
    expect((await login(OWNER, email, PASSWORD, '000000')).statusCode).toBe(200);

    for (let i = 0; i < MAX - 1; i++) await login(ATTACKER, email, 'wrong-password');
    await login(OWNER, email, 'wrong-password');
    // Ten failures in all: the owner's address is under the limit, the email is not.
    expect((await login(OWNER, email, PASSWORD)).json().code).toBe(errorCodes.loginCodeRequired);
    const code = await latestCode(app, email);
    expect((await login(OWNER, email, PASSWORD, code)).statusCode).toBe(200);
    // The owner's failure is cleared, the attacker's nine still count: one more locks the attacker.
    expect((await login(ATTACKER, email, 'wrong-password')).statusCode).toBe(401);
    expect((await login(ATTACKER, email, PASSWORD)).statusCode).toBe(429);
  });
});

describe('the login lock', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('is open under the limit, and when the limit is off', () => {
    expect(loginLock({ total: 9, fromClient: 9, clientOldest: new Date(now) }, 10, WINDOW_MS, now)).toEqual({ kind: 'open' });
    expect(loginLock({ total: 50, fromClient: 50, clientOldest: new Date(now) }, 0, WINDOW_MS, now)).toEqual({ kind: 'open' });
  });

  it('refuses the client at the limit until its oldest failure leaves the window', () => {
    const oldest = new Date(now - 5 * 60_000);
    expect(loginLock({ total: 12, fromClient: 10, clientOldest: oldest }, 10, WINDOW_MS, now)).toEqual({
      kind: 'this-client',
      retryAfterSeconds: 600,
    });
  });

  it('asks for a code when only the email is at the limit', () => {
    expect(loginLock({ total: 10, fromClient: 0, clientOldest: null }, 10, WINDOW_MS, now)).toEqual({ kind: 'other-clients' });
    expect(loginLock({ total: 10, fromClient: 9, clientOldest: new Date(now) }, 10, WINDOW_MS, now)).toEqual({
      kind: 'other-clients',
    });
  });
});
