import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginRecord } from '@exchange/contract';
import { bearer, manualClock, signUpUser, startApp, type TestApp } from '../helpers.js';
import { appCode, loginWith } from '../security/security-helpers.js';
import { admin, makeOperator, type TestOperator } from './console-helpers.js';

const MINUTE = 60_000;

describe('an operator’s session ends after 30 minutes without a call (issue 43)', () => {
  const clock = manualClock();
  let t: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    t = await startApp('pglite', { now: clock.now, jwtTtlSeconds: 7 * 86_400, operatorIdleMinutes: 30 });
    operator = await makeOperator(t.app, clock, ['support'], 'idle');
  });
  afterAll(async () => {
    await t?.close();
  });

  const logins = async (user: { userId: string; token: string }) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/user_account/security/logins?user_id=${user.userId}`, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as LoginRecord[];
  };

  it('lives while the operator works, and ends on every route 30 idle minutes after the last call', async () => {
    expect((await admin(t.app, operator.token, 'GET', '/me')).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await admin(t.app, operator.token, 'GET', '/me')).statusCode).toBe(200);
    clock.advance(29 * MINUTE);
    expect((await logins(operator)).find((l) => l.current)?.status).toBe('active');
    clock.advance(31 * MINUTE);
    const ended = await admin(t.app, operator.token, 'GET', '/me');
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toHaveProperty('message');
    const anyRoute = await t.app.inject({ method: 'GET', url: `/api/user_account/security/logins?user_id=${operator.userId}`, headers: bearer(operator.token) });
    expect(anyRoute.statusCode).toBe(401);
  });

  it('lists the ended session as expired with the user’s sign-ins, and a new login works again', async () => {
    clock.advance(30_000);
    const login = await loginWith(t.app, operator.email, operator.password, { totp_code: appCode(operator.secret, clock.now().getTime()) });
    expect(login.statusCode, login.body).toBe(200);
    const token = (login.json() as { jwt_token: string }).jwt_token;
    const fresh = { userId: operator.userId, token };
    expect((await admin(t.app, token, 'GET', '/me')).statusCode).toBe(200);
    const history = await logins(fresh);
    expect(history.find((l) => l.current)?.status).toBe('active');
    expect(history.filter((l) => !l.current).map((l) => l.status)).toEqual(['expired']);
    // A new login's session is short from its start, not only after its first call.
    clock.advance(31 * MINUTE);
    expect((await admin(t.app, token, 'GET', '/me')).statusCode).toBe(401);
  });

  it('leaves the session of a user with no role as long as the token’s lifetime', async () => {
    const user = await signUpUser(t.app, 'plain');
    clock.advance(3 * 60 * MINUTE);
    expect((await logins(user)).find((l) => l.current)?.status).toBe('active');
  });

  it('shortens a long session at its next call once its user is granted a role', async () => {
    const later = await makeOperator(t.app, clock, ['treasury'], 'later');
    clock.advance(20 * MINUTE);
    expect((await admin(t.app, later.token, 'GET', '/me')).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    expect((await admin(t.app, later.token, 'GET', '/me')).statusCode).toBe(401);
  });
});
