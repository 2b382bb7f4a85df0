import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCodes, securityMessages, serverMessages } from '@exchange/contract';
import { bearer, latestCode, signUpUser, startApp, uniqueEmail, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';

const api = '/api/user_account';
/** The examples, a case variant, and one further down the list. */
const COMMON = ['password', '12345678', 'qwerty123', '        ', 'Password1', 'sunshine2'];
const refusal = { message: serverMessages.passwordTooCommon, code: errorCodes.passwordTooCommon };

describe.each<DbKind>([FEATURE_DB])('common passwords on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, payload: Record<string, unknown>, token?: string) =>
    t.app.inject({ method: 'POST', url: `${api}${path}`, payload, headers: token ? bearer(token) : {} });

  it('issue 14 #6: refuses a common password or the email at sign-up, creating nothing', async () => {
    for (const password of COMMON) {
      const email = uniqueEmail('common');
      const res = await post('/signup', { email, password, confirm_password: password });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json()).toEqual(refusal);
    }
    const email = uniqueEmail('own-email');
    const own = await post('/signup', { email, password: email.toUpperCase(), confirm_password: email.toUpperCase() });
    expect(own.json()).toEqual(refusal);
    const users = await t.app.services.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(users.rows).toEqual([]);
    // The spec's own rules stay, and come first.
    expect((await post('/signup', { email, password: 'qwerty', confirm_password: 'qwerty' })).json().code).toBe(errorCodes.validation);
    expect((await post('/signup', { email, password: 'a-fine-horse-9', confirm_password: 'a-fine-horse-9' })).statusCode).toBe(201);
  });

  it('issue 14 #6: refuses one at the forgot-password reset without spending the mailed code', async () => {
    const user = await signUpUser(t.app, 'common-reset');
    await post('/password_reset/request', { email: user.email });
    const otp = await latestCode(t.app, user.email);
    for (const password of [...COMMON, user.email]) {
      const res = await post('/password_reset/reset', { email: user.email, otp, new_password: password, confirm_password: password });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json()).toEqual(refusal);
    }
    const ok = await post('/password_reset/reset', { email: user.email, otp, new_password: 'a-fine-horse-9', confirm_password: 'a-fine-horse-9' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('issue 14 #6: refuses one at the signed-in change, keeping the old password', async () => {
    const user = await signUpUser(t.app, 'common-change');
    await post('/password_reset/request', { email: user.email }, user.token);
    const otp = await latestCode(t.app, user.email);
    const local = user.email.slice(0, user.email.indexOf('@'));
    for (const password of [...COMMON, local]) {
      const res = await post('/password_reset/reset', { email: user.email, otp, new_password: password, confirm_password: password }, user.token);
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json()).toEqual(refusal);
    }
    const login = await post('/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    const changed = await post('/password_reset/reset', { email: user.email, otp, new_password: 'a-fine-horse-9', confirm_password: 'a-fine-horse-9' }, user.token);
    expect(changed.json()).toEqual({ success: true, message: securityMessages.passwordChanged });
  });
});
