import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes, serverMessages } from '@exchange/contract';
import type { App } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import type { AccountContext } from '../../src/modules/accounts/context.js';
import { login } from '../../src/modules/accounts/login-service.js';
import { SESSION_STATE_TTL_MS } from '../../src/modules/sessions/session-cache.js';
import { bearer, latestCode, manualClock, signUpUser, startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { insideSpread, placeOrder } from '../trading/trading-helpers.js';
import { privateLogin, privateWsUrl } from './private-login.js';
import WebSocket from 'ws';
import { wsClose } from '@exchange/contract';

const api = '/api/user_account';

async function resetPassword(app: App, email: string, newPassword: string): Promise<void> {
  await app.inject({ method: 'POST', url: `${api}/password_reset/request`, payload: { email } });
  const otp = await latestCode(app, email);
  const res = await app.inject({
    method: 'POST',
    url: `${api}/password_reset/reset`,
    payload: { email, otp, new_password: newPassword, confirm_password: newPassword },
  });
  expect(res.statusCode).toBe(200);
}

function userInformation(app: App, userId: string, token: string) {
  return app.inject({ method: 'GET', url: `${api}/getUserInformation/?user_id=${userId}`, headers: bearer(token) });
}

function expectUnauthorized(res: { statusCode: number; json(): unknown }): void {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ message: serverMessages.unauthorized, code: apiErrorCodes.unauthorized });
}

describe.each<DbKind>([FEATURE_DB])('sessions on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = privateWsUrl(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends every earlier session at a password reset, on plain routes, the order route and /ws/private', async () => {
    const user = await signUpUser(t.app, 'reset');
    const price = insideSpread(t.app);
    const before = await placeOrder(t.app, user, { order_type: 'buy', price, amount: '0.001' });
    expect(before.statusCode).toBe(200);
    expect((await userInformation(t.app, user.userId, user.token)).statusCode).toBe(200);
    expect(await privateLogin(url, user.token)).toMatchObject({ event: 'login', code: '0' });

    const newPassword = 'after-reset-pass-9';
    await resetPassword(t.app, user.email, newPassword);

    expectUnauthorized(await userInformation(t.app, user.userId, user.token));
    expectUnauthorized(await placeOrder(t.app, user, { order_type: 'buy', price, amount: '0.001' }));
    expect(await privateLogin(url, user.token)).toMatchObject({ event: 'error', code: '60009' });

    const login = await t.app.inject({
      method: 'POST',
      url: `${api}/login`,
      payload: { email: user.email, password: newPassword },
    });
    expect(login.statusCode).toBe(200);
    const fresh = { ...user, token: (login.json() as { jwt_token: string }).jwt_token };
    expect((await userInformation(t.app, user.userId, fresh.token)).statusCode).toBe(200);
    expect((await placeOrder(t.app, fresh, { order_type: 'buy', price, amount: '0.001' })).statusCode).toBe(200);
    expect(await privateLogin(url, fresh.token)).toMatchObject({ event: 'login', code: '0' });
  });

  it('closes a private socket that logged in before the password reset', async () => {
    const user = await signUpUser(t.app, 'socket');
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const loggedIn = new Promise<unknown>((resolve) => ws.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString('utf8')))));
    ws.send(JSON.stringify({ op: 'login', args: [{ token: user.token }] }));
    expect(await loggedIn).toMatchObject({ event: 'login', code: '0' });
    const closed = new Promise<[number, string]>((resolve) => ws.once('close', (code: number, reason: Buffer) => resolve([code, reason.toString()])));
    await resetPassword(t.app, user.email, 'after-reset-pass-9');
    expect(await closed).toEqual([wsClose.sessionEnded.code, wsClose.sessionEnded.reason]);
  });

  it('refuses a removed user on the order route once the cached session state has expired', async () => {
    const user = await signUpUser(t.app, 'removed');
    // A sell without any BTC is refused by the order service, so nothing of the user stays behind.
    const order = { order_type: 'sell' as const, price: insideSpread(t.app), amount: '0.5' };
    const warm = await placeOrder(t.app, user, order);
    expect(warm.statusCode).toBe(400);

    await t.app.services.db.query('DELETE FROM users WHERE id = $1', [user.userId]);
    clock.advance(SESSION_STATE_TTL_MS + 1);

    expectUnauthorized(await placeOrder(t.app, user, order));
    expectUnauthorized(await userInformation(t.app, user.userId, user.token));
  });

  it('opens no session for a login whose password check overlapped a password change', async () => {
    const user = await signUpUser(t.app, 'race');
    // The change commits after the login checked the old password and before it opens the session.
    const db = Object.create(t.app.services.db) as Database;
    db.tx = async (fn) => {
      await t.app.services.db.query(`UPDATE users SET password_hash = 'changed meanwhile' WHERE id = $1`, [user.userId]);
      return t.app.services.db.tx(fn);
    };
    const ctx: AccountContext = {
      db,
      ledger: t.app.services.ledger,
      background: t.app.services.background,
      mailer: t.app.services.mailer,
      sessions: t.app.services.sessions,
      now: clock.now,
      codePepper: 'unused',
      rateLimit: { authPerIpPerMinute: 0, loginFailuresPerEmail: 10, loginFailureWindowMs: 60_000 },
      passwordHashing: t.app.services.config.passwordHashing,
      demoGrantUsdt: '0',
      log: t.app.log,
      twoFactor: t.app.services.twoFactor,
      premiumTier: async () => false,
    };
    const attempt = login(ctx, { email: user.email, password: user.password }, { address: '127.0.0.1', userAgent: null });
    await expect(attempt).rejects.toMatchObject({ statusCode: 401, message: serverMessages.invalidCredentials });
    const sessions = await t.app.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [
      user.userId,
    ]);
    expect(sessions.rows[0]?.n).toBe(1);
  });

  it('refuses a well-signed token whose session does not exist', async () => {
    const user = await signUpUser(t.app, 'forged');
    await t.app.services.db.query('DELETE FROM sessions WHERE user_id = $1', [user.userId]);
    clock.advance(SESSION_STATE_TTL_MS + 1);
    expectUnauthorized(await userInformation(t.app, user.userId, user.token));
  });
});
