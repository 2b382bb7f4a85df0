import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes, authMessages, errorCodes, securityErrorCodes, securityMessages } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { bearer, latestCode, manualClock, otherCode, signUpUser, startApp, uniqueEmail, type DbKind, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { appCode, enableTotp, loginWith, security } from './security-helpers.js';

const api = '/api/user_account';

function call(app: App, token: string, path: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `${api}${path}`, headers: bearer(token), payload });
}

async function mails(app: App, to: string): Promise<{ subject: string; text: string }[]> {
  await app.services.background.idle();
  return (await app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(to)}` })).json() as { subject: string; text: string }[];
}

describe.each<DbKind>([FEATURE_DB])('changing the email on %s', (kind) => {
  const clock = manualClock(Math.floor(Date.now() / 30_000) * 30_000 + 5_000);
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A second session of the user, as another device would have. */
  async function secondSession(user: SignedUpUser): Promise<string> {
    const res = await loginWith(t.app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    return res.json().jwt_token as string;
  }

  const info = (userId: string, token: string) => t.app.inject({ url: `${api}/getUserInformation/?user_id=${userId}`, headers: bearer(token) });

  it('sends a code to the current address, then moves the account to the new one, ending the other sessions', async () => {
    const user = await signUpUser(t.app, 'mover');
    const other = await secondSession(user);
    const newEmail = uniqueEmail('moved');

    const sent = await call(t.app, user.token, '/email_reset/request', { email: user.email });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ success: true, message: securityMessages.otpSent, retry_after_seconds: 60 });
    const code = await latestCode(t.app, user.email);
    expect((await mails(t.app, user.email))[0]?.subject).toBe('Your code to change your email');

    // Within the cooldown no new code goes out, and the answer says how long to wait.
    clock.advance(20_000);
    const early = await call(t.app, user.token, '/email_reset/resend_otp', { email: user.email });
    expect(early.json()).toEqual({ success: true, message: securityMessages.otpResent, retry_after_seconds: 40 });
    expect(await latestCode(t.app, user.email)).toBe(code);

    const wrong = await call(t.app, user.token, '/email_reset/verify_otp', { email: user.email, otp: otherCode(code) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(authMessages.invalidOtpTryAgain);
    const verified = await call(t.app, user.token, '/email_reset/verify_otp', { email: user.email, otp: code });
    expect(verified.json()).toEqual({ success: true, message: securityMessages.otpVerified });

    const changed = await call(t.app, user.token, '/email_reset/change', { email: user.email, otp: code, new_email: newEmail.toUpperCase() });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ success: true, message: securityMessages.emailChanged, email: newEmail });

    // The stored email moved; the page's own session goes on, the other device's ended at once.
    expect((await info(user.userId, user.token)).json().user.email).toBe(newEmail);
    expect((await info(user.userId, other)).statusCode).toBe(401);

    // Both addresses are told.
    expect((await mails(t.app, user.email))[0]).toMatchObject({ subject: 'The email of your account was changed' });
    expect((await mails(t.app, user.email))[0]?.text).toContain(newEmail);
    expect((await mails(t.app, newEmail))[0]).toMatchObject({ subject: 'This is now the email of your account' });

    // Log in with the new address, not the old one.
    expect((await loginWith(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await loginWith(t.app, newEmail, user.password)).statusCode).toBe(200);

    // Withdrawals wait 24 hours.
    const overview = (await t.app.inject({ url: `${security}?user_id=${user.userId}`, headers: bearer(user.token) })).json();
    expect(new Date(overview.withdrawals_locked_until).getTime()).toBe(clock.now().getTime() + 24 * 3600_000);

    // The code was spent by the change.
    const again = await call(t.app, user.token, '/email_reset/change', { email: newEmail, otp: code, new_email: uniqueEmail('third') });
    expect(again.statusCode).toBe(400);
  });

  it('refuses an address in use, the same address, a malformed one, and another user’s email', async () => {
    const user = await signUpUser(t.app, 'taken');
    const neighbour = await signUpUser(t.app, 'neighbour');
    clock.advance(61_000);
    await call(t.app, user.token, '/email_reset/request', { email: user.email });
    const otp = await latestCode(t.app, user.email);

    const inUse = await call(t.app, user.token, '/email_reset/change', { email: user.email, otp, new_email: neighbour.email });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toEqual({ message: securityMessages.emailInUse, code: errorCodes.emailTaken });
    const same = await call(t.app, user.token, '/email_reset/change', { email: user.email, otp, new_email: user.email });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(securityMessages.newEmailSame);
    const malformed = await call(t.app, user.token, '/email_reset/change', { email: user.email, otp, new_email: 'not-an-email' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(authMessages.invalidEmail);

    // The neighbour's address with the user's token: 403, and no code goes to the neighbour.
    const before = (await mails(t.app, neighbour.email)).length;
    const foreign = await call(t.app, user.token, '/email_reset/request', { email: neighbour.email });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: securityMessages.emailNotYours, code: securityErrorCodes.emailNotYours });
    expect(await mails(t.app, neighbour.email)).toHaveLength(before);

    const anonymous = await t.app.inject({ method: 'POST', url: `${api}/email_reset/request`, payload: { email: user.email } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(apiErrorCodes.unauthorized);
  });

  it('needs the authenticator code once the app is on', async () => {
    const user = await signUpUser(t.app, 'twofa');
    const { secret } = await enableTotp(t.app, user, clock.now().getTime());
    clock.advance(61_000);
    await call(t.app, user.token, '/email_reset/request', { email: user.email });
    const otp = await latestCode(t.app, user.email);
    const newEmail = uniqueEmail('twofa-new');

    const missing = await call(t.app, user.token, '/email_reset/change', { email: user.email, otp, new_email: newEmail });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe(securityErrorCodes.totpRequired);
    const ok = await call(t.app, user.token, '/email_reset/change', { email: user.email, otp, new_email: newEmail, totp_code: appCode(secret, clock.now().getTime()) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('changes the password of a signed-in user with spec 3’s messages, keeping this session and ending the others', async () => {
    const user = await signUpUser(t.app, 'password');
    const other = await secondSession(user);
    clock.advance(61_000);

    const sent = await call(t.app, user.token, '/password_reset/request', { email: user.email });
    expect(sent.json()).toEqual({ success: true, message: securityMessages.otpSent, retry_after_seconds: 60 });
    const otp = await latestCode(t.app, user.email);
    const verified = await call(t.app, user.token, '/password_reset/verify_otp', { email: user.email, otp });
    expect(verified.json()).toEqual({ success: true, message: securityMessages.otpVerified });
    const newPassword = 'changed-horse-7';
    const changed = await call(t.app, user.token, '/password_reset/reset', { email: user.email, otp, new_password: newPassword, confirm_password: newPassword });
    expect(changed.json()).toEqual({ success: true, message: securityMessages.passwordChanged });

    expect((await info(user.userId, user.token)).statusCode).toBe(200);
    expect((await info(user.userId, other)).statusCode).toBe(401);
    expect((await loginWith(t.app, user.email, user.password)).statusCode).toBe(401);
    expect((await loginWith(t.app, user.email, newPassword)).statusCode).toBe(200);
    const overview = (await t.app.inject({ url: `${security}?user_id=${user.userId}`, headers: bearer(user.token) })).json();
    expect(overview.withdrawals_locked_until).not.toBeNull();

    // Another user's address with this token: 403.
    const neighbour = await signUpUser(t.app, 'pw-neighbour');
    const foreign = await call(t.app, user.token, '/password_reset/request', { email: neighbour.email });
    expect(foreign.statusCode).toBe(403);
  });

  it('asks for the authenticator code at a password reset once the app is on, and not before the mailed code is right', async () => {
    const user = await signUpUser(t.app, 'reset-2fa');
    const { secret } = await enableTotp(t.app, user, clock.now().getTime());
    clock.advance(61_000);
    // The forgot-password flow, without a token.
    await t.app.inject({ method: 'POST', url: `${api}/password_reset/request`, payload: { email: user.email } });
    const otp = await latestCode(t.app, user.email);
    const body = { email: user.email, otp, new_password: 'after-reset-42', confirm_password: 'after-reset-42' };
    const reset = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${api}/password_reset/reset`, payload });

    const wrongMailed = await reset({ ...body, otp: otherCode(otp) });
    expect(wrongMailed.statusCode).toBe(400);
    expect(wrongMailed.json().code).toBe(errorCodes.codeInvalid);
    const missing = await reset(body);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().code).toBe(securityErrorCodes.totpRequired);
    const ok = await reset({ ...body, totp_code: appCode(secret, clock.now().getTime()) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await loginWith(t.app, user.email, 'after-reset-42', { totp_code: appCode(secret, clock.now().getTime() + 30_000) })).statusCode).toBe(200);
  });
});
