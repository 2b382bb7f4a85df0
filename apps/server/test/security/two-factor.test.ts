import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes, errorCodes, securityErrorCodes, securityMessages, serverMessages } from '@exchange/contract';
import { TOTP_MAX_FAILURES } from '../../src/modules/security/two-factor.js';
import { bearer, latestCode, manualClock, otherCode, signUpUser, startApp, testConfig, verifyIdentity, type DbKind, type TestApp } from '../helpers.js';
import { TRON_DESTINATION, submit } from '../funds/withdraw-helpers.js';
import { appCode, enableTotp, loginWith, post, security, wrongCode } from './security-helpers.js';

/** The test server's failed-login limit per client and email. */
const LOGIN_MAX_FAILURES = testConfig().rateLimit.loginFailuresPerEmail;

describe.each<DbKind>(['pglite', 'postgres'])('the authenticator app on %s', (kind) => {
  // Whole periods apart, so each step of a test gets a fresh code.
  const clock = manualClock(Math.floor(Date.now() / 30_000) * 30_000 + 5_000);
  const nextPeriod = () => clock.advance(30_000);
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  const overview = async (user: { userId: string; token: string }) =>
    (await t.app.inject({ url: `${security}?user_id=${user.userId}`, headers: bearer(user.token) })).json() as {
      totp_enabled: boolean;
      recovery_codes_left: number;
      withdrawals_locked_until: string | null;
    };

  it('is enabled with a confirming code, then asked for at login: missing, wrong, right, and the same code again', async () => {
    const user = await signUpUser(t.app, 'totp');
    expect(await overview(user)).toMatchObject({ totp_enabled: false, recovery_codes_left: 0 });

    // A wrong first code leaves the app off.
    const setup = (await post(t.app, user, '/totp/setup', {})).json() as { secret: string };
    const refused = await post(t.app, user, '/totp/enable', { totp_code: wrongCode(setup.secret, clock.now().getTime()), password: user.password });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(securityErrorCodes.totpInvalid);
    expect((await overview(user)).totp_enabled).toBe(false);

    const { secret, recoveryCodes } = await enableTotp(t.app, user, clock.now().getTime());
    expect(secret).not.toBe(setup.secret);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await overview(user)).toMatchObject({ totp_enabled: true, recovery_codes_left: 10 });
    // Only hashes are stored.
    const stored = await t.app.services.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [user.userId]);
    expect(stored.rows.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
    const sealed = await t.app.services.db.query<{ sealed_secret: string }>('SELECT sealed_secret FROM two_factor WHERE user_id = $1', [user.userId]);
    expect(sealed.rows[0]?.sealed_secret).not.toContain(secret);

    const again = await post(t.app, user, '/totp/setup', {});
    expect(again.statusCode).toBe(409);

    nextPeriod();
    const missing = await loginWith(t.app, user.email, user.password);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ message: securityMessages.totpRequired, code: securityErrorCodes.totpRequired });

    const wrong = await loginWith(t.app, user.email, user.password, { totp_code: wrongCode(secret, clock.now().getTime()) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(securityErrorCodes.totpInvalid);

    const code = appCode(secret, clock.now().getTime());
    const ok = await loginWith(t.app, user.email, user.password, { totp_code: code });
    expect(ok.statusCode, ok.body).toBe(200);
    const token = ok.json().jwt_token as string;
    const info = await t.app.inject({ url: `/api/user_account/getUserInformation/?user_id=${user.userId}`, headers: bearer(token) });
    expect(info.statusCode).toBe(200);

    // The same code, within its window, is refused: it was spent.
    const replay = await loginWith(t.app, user.email, user.password, { totp_code: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: securityMessages.totpUsed, code: securityErrorCodes.totpUsed });

    // A wrong password with the right code still fails as a wrong password.
    nextPeriod();
    const badPassword = await loginWith(t.app, user.email, 'not-the-password', { totp_code: appCode(secret, clock.now().getTime()) });
    expect(badPassword.statusCode).toBe(401);
  });

  it('issue 14 #5: is turned on only with the password or an emailed code besides the session', async () => {
    const user = await signUpUser(t.app, 'reauth');
    const { secret } = (await post(t.app, user, '/totp/setup', {})).json() as { secret: string };
    const code = () => appCode(secret, clock.now().getTime());

    const sessionOnly = await post(t.app, user, '/totp/enable', { totp_code: code() });
    expect(sessionOnly.statusCode).toBe(400);
    expect(sessionOnly.json().message).toBe(securityMessages.reauthRequired);
    const both = await post(t.app, user, '/totp/enable', { totp_code: code(), password: user.password, otp: '123456' });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(securityMessages.reauthRequired);
    const wrongPassword = await post(t.app, user, '/totp/enable', { totp_code: code(), password: 'not-the-password-1' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: securityMessages.passwordWrong, code: securityErrorCodes.passwordWrong });
    expect((await overview(user)).totp_enabled).toBe(false);

    const on = await post(t.app, user, '/totp/enable', { totp_code: code(), password: user.password });
    expect(on.statusCode, on.body).toBe(200);
    expect((await overview(user)).totp_enabled).toBe(true);
    // Nothing left to confirm: no code is mailed for it.
    expect((await post(t.app, user, '/totp/code', {})).statusCode).toBe(409);
  });

  it('issue 14 #5: is turned on with a code mailed for it, spent only when the app goes on', async () => {
    const user = await signUpUser(t.app, 'reauth-mail');
    const { secret } = (await post(t.app, user, '/totp/setup', {})).json() as { secret: string };
    const sent = await post(t.app, user, '/totp/code', {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, message: securityMessages.otpSent });
    const mailed = await latestCode(t.app, user.email);

    const wrongMailed = await post(t.app, user, '/totp/enable', { totp_code: appCode(secret, clock.now().getTime()), otp: otherCode(mailed) });
    expect(wrongMailed.statusCode).toBe(400);
    expect(wrongMailed.json().code).toBe(errorCodes.codeInvalid);
    // A wrong app code leaves the mailed one usable.
    const wrongApp = await post(t.app, user, '/totp/enable', { totp_code: wrongCode(secret, clock.now().getTime()), otp: mailed });
    expect(wrongApp.json().code).toBe(securityErrorCodes.totpInvalid);
    expect((await overview(user)).totp_enabled).toBe(false);

    const on = await post(t.app, user, '/totp/enable', { totp_code: appCode(secret, clock.now().getTime()), otp: mailed });
    expect(on.statusCode, on.body).toBe(200);
    const spent = await t.app.services.db.query('SELECT 1 FROM one_time_codes WHERE user_id = $1 AND purpose = $2 AND consumed_at IS NULL', [user.userId, 'enable_totp']);
    expect(spent.rows).toEqual([]);
  });

  it('issue 14 #5: counts wrong passwords at the switch as failed logins of the client, up to the same 429', async () => {
    const user = await signUpUser(t.app, 'reauth-guess');
    const { secret } = (await post(t.app, user, '/totp/setup', {})).json() as { secret: string };
    const attempt = () => post(t.app, user, '/totp/enable', { totp_code: appCode(secret, clock.now().getTime()), password: 'guess-password-1' });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt()).statusCode).toBe(400);
    const locked = await attempt();
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(apiErrorCodes.rateLimited);
    expect((await loginWith(t.app, user.email, user.password)).statusCode).toBe(429);
  });

  it('takes a recovery code once at login, in any case and with or without its dash', async () => {
    const user = await signUpUser(t.app, 'recovery');
    const { recoveryCodes } = await enableTotp(t.app, user, clock.now().getTime());
    const [first = '', second = ''] = recoveryCodes;
    expect(first).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    const used = await loginWith(t.app, user.email, user.password, { totp_code: first.toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    const reused = await loginWith(t.app, user.email, user.password, { totp_code: first });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(securityErrorCodes.totpUsed);
    expect((await loginWith(t.app, user.email, user.password, { totp_code: second.replace('-', '') })).statusCode).toBe(200);
    expect((await overview(user)).recovery_codes_left).toBe(8);

    // Recovery codes open the login and turn the app off, never a withdrawal.
    await verifyIdentity(t.app, user);
    const withdrawal = await submit(t.app, user, { wallet_id: 0, initial_amount: '5', network_id: 2, address: TRON_DESTINATION, source: 'spot', totp_code: recoveryCodes[2] ?? '' });
    expect(withdrawal.statusCode).toBe(400);
  });

  it('stops taking codes after too many wrong ones, for a while', async () => {
    const user = await signUpUser(t.app, 'lockout');
    const { secret } = await enableTotp(t.app, user, clock.now().getTime());
    nextPeriod();
    for (let i = 0; i < TOTP_MAX_FAILURES; i++) {
      const res = await loginWith(t.app, user.email, user.password, { totp_code: wrongCode(secret, clock.now().getTime()) });
      expect(res.statusCode).toBe(400);
    }
    const locked = await loginWith(t.app, user.email, user.password, { totp_code: appCode(secret, clock.now().getTime()) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: securityErrorCodes.totpLocked, message: securityMessages.totpLocked });
    expect(locked.json().retry_after_seconds).toBeGreaterThan(0);

    clock.advance(15 * 60_000);
    const after = await loginWith(t.app, user.email, user.password, { totp_code: appCode(secret, clock.now().getTime()) });
    expect(after.statusCode, after.body).toBe(200);
  });

  const failuresOf = async (userId: string) =>
    (await t.app.services.db.query<{ failures: number }>('SELECT failures FROM two_factor WHERE user_id = $1', [userId])).rows[0]?.failures;

  it('issue 14 #7: answers a code already used as used, never as a wrong guess, however often it comes back', async () => {
    const user = await signUpUser(t.app, 'reused');
    const { secret } = await enableTotp(t.app, user, clock.now().getTime());
    nextPeriod();
    const code = appCode(secret, clock.now().getTime());
    expect((await loginWith(t.app, user.email, user.password, { totp_code: code })).statusCode).toBe(200);
    for (let i = 0; i <= TOTP_MAX_FAILURES; i++) {
      const again = await loginWith(t.app, user.email, user.password, { totp_code: code });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: securityMessages.totpUsed, code: securityErrorCodes.totpUsed });
    }
    expect(await failuresOf(user.userId)).toBe(0);
    nextPeriod();
    const next = await loginWith(t.app, user.email, user.password, { totp_code: appCode(secret, clock.now().getTime()) });
    expect(next.statusCode, next.body).toBe(200);
  });

  // On PostgreSQL the ten logins run on the pool's connections at once and meet at the row lock.
  it('issue 14 #7: lets one of ten logins with the same code in at once and locks nobody out', async () => {
    const user = await signUpUser(t.app, 'replay-race');
    const { secret } = await enableTotp(t.app, user, clock.now().getTime());
    nextPeriod();
    const code = appCode(secret, clock.now().getTime());
    const answers = await Promise.all(Array.from({ length: 10 }, () => loginWith(t.app, user.email, user.password, { totp_code: code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(refused.json()).toEqual({ message: securityMessages.totpUsed, code: securityErrorCodes.totpUsed });
    }
    expect(await failuresOf(user.userId)).toBe(0);
    nextPeriod();
    const next = await loginWith(t.app, user.email, user.password, { totp_code: appCode(secret, clock.now().getTime()) });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('needs a code for a withdrawal and for a new address once on, and spends it', async () => {
    const user = await signUpUser(t.app, 'withdraw');
    await verifyIdentity(t.app, user);
    const { secret } = await enableTotp(t.app, user, clock.now().getTime());
    nextPeriod();
    const query = { wallet_id: 0, initial_amount: '5', network_id: 2, address: TRON_DESTINATION, source: 'spot' };

    const missing = await submit(t.app, user, query);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe(securityErrorCodes.totpRequired);
    const wrong = await submit(t.app, user, { ...query, totp_code: wrongCode(secret, clock.now().getTime()) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(securityErrorCodes.totpInvalid);
    const code = appCode(secret, clock.now().getTime());
    const ok = await submit(t.app, user, { ...query, totp_code: code });
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await submit(t.app, user, { ...query, totp_code: code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe(securityErrorCodes.totpUsed);

    nextPeriod();
    await t.app.inject({ method: 'POST', url: '/api/v1/withdraw-addresses/code', headers: bearer(user.token), payload: { apikey: 'nexa-web', uid: user.uid } });
    const mailed = await latestCode(t.app, user.email);
    const address = { apikey: 'nexa-web', uid: user.uid, label: 'Cold', network_id: 2, address: TRON_DESTINATION, code: mailed };
    const noTotp = await t.app.inject({ method: 'POST', url: '/api/v1/withdraw-addresses', headers: bearer(user.token), payload: address });
    expect(noTotp.statusCode).toBe(403);
    expect(noTotp.json().code).toBe(securityErrorCodes.totpRequired);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/withdraw-addresses',
      headers: bearer(user.token),
      payload: { ...address, totp_code: appCode(secret, clock.now().getTime()) },
    });
    expect(saved.statusCode, saved.body).toBe(201);
  });

  it('asks nothing of a user without the app', async () => {
    const user = await signUpUser(t.app, 'plain');
    await verifyIdentity(t.app, user);
    expect((await loginWith(t.app, user.email, user.password)).statusCode).toBe(200);
    const ok = await submit(t.app, user, { wallet_id: 0, initial_amount: '5', network_id: 2, address: TRON_DESTINATION, source: 'spot' });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('is turned off with a code (or a recovery code), which locks withdrawals for 24 hours', async () => {
    const user = await signUpUser(t.app, 'disable');
    const { secret, recoveryCodes } = await enableTotp(t.app, user, clock.now().getTime());
    nextPeriod();
    const wrong = await post(t.app, user, '/totp/disable', { totp_code: wrongCode(secret, clock.now().getTime()) });
    expect(wrong.statusCode).toBe(400);
    expect((await overview(user)).totp_enabled).toBe(true);

    const off = await post(t.app, user, '/totp/disable', { totp_code: recoveryCodes[0] });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(securityMessages.totpDisabled);
    const after = await overview(user);
    expect(after).toMatchObject({ totp_enabled: false, recovery_codes_left: 0 });
    expect(new Date(after.withdrawals_locked_until ?? 0).getTime()).toBe(clock.now().getTime() + 24 * 3600_000);
    expect((await loginWith(t.app, user.email, user.password)).statusCode).toBe(200);
    expect((await post(t.app, user, '/totp/disable', { totp_code: appCode(secret, clock.now().getTime()) })).statusCode).toBe(409);
  });

  it('refuses every call for another user’s id with 403, and each without a token with 401', async () => {
    const owner = await signUpUser(t.app, 'owner');
    const intruder = await signUpUser(t.app, 'intruder');
    const as = (path: string, payload: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url: `${security}${path}`, headers: bearer(intruder.token), payload: { user_id: owner.userId, ...payload } });
    const calls = [
      await t.app.inject({ url: `${security}?user_id=${owner.userId}`, headers: bearer(intruder.token) }),
      await t.app.inject({ url: `${security}/logins?user_id=${owner.userId}`, headers: bearer(intruder.token) }),
      await as('/totp/setup'),
      await as('/totp/code'),
      await as('/totp/enable', { totp_code: '123456', password: owner.password }),
      await as('/totp/disable', { totp_code: '123456' }),
      await as('/anti-phishing', { phrase: 'my phrase' }),
    ];
    for (const res of calls) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: serverMessages.forbidden, code: apiErrorCodes.forbidden });
    }
    const anonymous = await t.app.inject({ url: `${security}?user_id=${owner.userId}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await overview(owner)).totp_enabled).toBe(false);
  });
});
