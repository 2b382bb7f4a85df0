import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountMessages,
  authMessages,
  errorCodes,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_S,
  OTP_TTL_MS,
  PROFILE_IMAGE_MAX_BYTES,
  serverMessages,
} from '@exchange/contract';
import {
  bearer,
  latestCode,
  manualClock,
  multipart,
  otherCode,
  startApp,
  TINY_PNG,
  uniqueEmail,
  type DbKind,
  type TestApp, FEATURE_DB } from './helpers.js';
import type { App } from '../src/app.js';

const PASSWORD = 'correct-horse-1';
const api = '/api/user_account';

async function signUp(app: App, email: string, password = PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: `${api}/signup`,
    payload: { email, password, confirm_password: password, country: 'FR' },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { user_id: string; token: string };
}

async function verify(app: App, email: string) {
  const otp = await latestCode(app, email);
  const res = await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email, otp } });
  expect(res.statusCode).toBe(200);
}

function login(app: App, email: string, password = PASSWORD) {
  return app.inject({ method: 'POST', url: `${api}/login`, payload: { email, password } });
}

async function verifiedUser(app: App) {
  const email = uniqueEmail();
  const { user_id, token } = await signUp(app, email);
  await verify(app, email);
  return { email, userId: user_id, token };
}

describe.each<DbKind>([FEATURE_DB])('accounts on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let app: App;

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up, verifies the mailed code, logs in and reads the user information', async () => {
    const email = uniqueEmail('Flow').toUpperCase();
    const lower = email.toLowerCase();
    const signup = await signUp(app, `  ${email} `);
    expect(signup.user_id).toMatch(/^[0-9a-f-]{36}$/);

    // The sign-up token is already a working session.
    const early = await app.inject({
      method: 'GET',
      url: `${api}/getUserInformation/?user_id=${signup.user_id}`,
      headers: bearer(signup.token),
    });
    expect(early.statusCode).toBe(200);
    expect(early.json().user.email_verified).toBe(false);

    const otp = await latestCode(app, lower);
    const verified = await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email: lower, otp } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().success).toBe(true);

    const reused = await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email: lower, otp } });
    expect(reused.statusCode).toBe(400);

    const res = await login(app, email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, user_id: signup.user_id, email: lower });
    expect(body.uid).toBeGreaterThanOrEqual(10_000_000);
    expect(body.uid).toBeLessThan(100_000_000);

    const info = await app.inject({
      method: 'GET',
      url: `${api}/getUserInformation?user_id=${signup.user_id}`,
      headers: bearer(body.jwt_token),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      user: { id: signup.user_id, email: lower, uid: body.uid, role: 'client', email_verified: true, name: null },
      user_detail: { user_country: 'FR', user_profile: null, tier: false, is_verified: 'false' },
    });
    expect(info.json().user.referral_code).toMatch(/^[A-Z0-9]{8}$/);

    const wallet = await app.inject({
      method: 'GET',
      url: `${api}/get_wallet/user=${signup.user_id}`,
      headers: bearer(body.jwt_token),
    });
    expect(wallet.statusCode).toBe(200);
    expect(wallet.json()).toMatchObject({ success: true, wallet: { user_id: signup.user_id, uid: body.uid } });
    expect(wallet.json().wallet.wallet_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rejects an email already registered in another case with 409', async () => {
    const email = uniqueEmail('dup');
    await signUp(app, email);
    const res = await app.inject({
      method: 'POST',
      url: `${api}/signup`,
      payload: { email: email.toUpperCase(), password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: authMessages.emailAlreadyRegistered, code: errorCodes.emailTaken });
  });

  it('answers validation errors with the first zod message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${api}/signup`,
      payload: { email: uniqueEmail(), password: PASSWORD, confirm_password: 'different-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(authMessages.passwordsDoNotMatch);
  });

  it('counts wrong codes and locks the code after the maximum, even for the right code', async () => {
    const email = uniqueEmail('lock');
    await signUp(app, email);
    const otp = await latestCode(app, email);
    const wrong = await app.inject({
      method: 'POST',
      url: `${api}/verify-otp`,
      payload: { email, otp: otherCode(otp) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: authMessages.invalidVerificationCode, code: errorCodes.codeInvalid });
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email, otp: otherCode(otp) } });
    }
    const right = await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email, otp } });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: serverMessages.codeTooManyAttempts, code: errorCodes.codeLocked });
  });

  it('expires codes after their lifetime', async () => {
    const email = uniqueEmail('expire');
    await signUp(app, email);
    const otp = await latestCode(app, email);
    clock.advance(OTP_TTL_MS + 1000);
    const res = await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email, otp } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(errorCodes.codeExpired);
  });

  it('sends no new code within the cooldown, without saying so, and a new working code after it', async () => {
    const email = uniqueEmail('resend');
    await signUp(app, email);
    const first = await latestCode(app, email);
    clock.advance(20_000);
    const early = await app.inject({ method: 'POST', url: `${api}/resend-otp`, payload: { email } });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({ success: true, message: accountMessages.codeSent, retry_after_seconds: OTP_RESEND_COOLDOWN_S });
    await app.services.background.idle();
    expect((await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json()).toHaveLength(1);

    clock.advance(40_000);
    const ok = await app.inject({ method: 'POST', url: `${api}/resend-otp`, payload: { email } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, retry_after_seconds: OTP_RESEND_COOLDOWN_S });
    const second = await latestCode(app, email);

    // The new code replaces the old one.
    if (second !== first) {
      const old = await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email, otp: first } });
      expect(old.statusCode).toBe(400);
    }
    const res = await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email, otp: second } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses login before verification with 403 and mails a fresh code once the cooldown allows', async () => {
    const email = uniqueEmail('unverified');
    await signUp(app, email);
    const res = await login(app, email);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: serverMessages.emailNotVerified, code: errorCodes.emailNotVerified });

    const before = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` });
    clock.advance(OTP_RESEND_COOLDOWN_S * 1000);
    await login(app, email);
    const after = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` });
    expect(after.json()).toHaveLength(before.json().length + 1);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await verifiedUser(app);
    const wrongPassword = await login(app, email, 'not-the-password');
    const unknown = await login(app, uniqueEmail('nobody'));
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknown.json());
    expect(wrongPassword.json().message).toBe(serverMessages.invalidCredentials);
  });

  it('limits failed logins per address', async () => {
    const { email } = await verifiedUser(app);
    for (let i = 0; i < 10; i++) expect((await login(app, email, 'wrong-password')).statusCode).toBe(401);
    const blocked = await login(app, email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().retry_after_seconds).toBeGreaterThan(0);
    // Another address from the same client is not affected.
    const other = await verifiedUser(app);
    expect((await login(app, other.email)).statusCode).toBe(200);
    clock.advance(15 * 60_000 + 1000);
    expect((await login(app, email)).statusCode).toBe(200);
  });

  it('resets a password: neutral request, code, verify, reset, new password works and old fails', async () => {
    const { email } = await verifiedUser(app);
    const unknown = await app.inject({
      method: 'POST',
      url: `${api}/password_reset/request`,
      payload: { email: uniqueEmail('ghost') },
    });
    const known = await app.inject({ method: 'POST', url: `${api}/password_reset/request`, payload: { email } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(serverMessages.resetRequested);

    const resendUnknown = await app.inject({
      method: 'POST',
      url: `${api}/password_reset/resend-otp`,
      payload: { email: uniqueEmail('ghost') },
    });
    expect(resendUnknown.statusCode).toBe(200);
    const resendEarly = await app.inject({ method: 'POST', url: `${api}/password_reset/resend-otp`, payload: { email } });
    expect(resendEarly.statusCode).toBe(200);
    expect(resendEarly.json()).toEqual(resendUnknown.json());

    await app.services.background.idle();
    const mails = (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` })).json();
    // One reset mail: the resend inside the cooldown sent none.
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual(['Your password reset code', 'Your verification code']);
    const otp = await latestCode(app, email);

    const bad = await app.inject({
      method: 'POST',
      url: `${api}/password_reset/verify_otp`,
      payload: { email, otp: otherCode(otp) },
    });
    expect(bad.statusCode).toBe(400);
    const good = await app.inject({ method: 'POST', url: `${api}/password_reset/verify_otp`, payload: { email, otp } });
    expect(good.statusCode).toBe(200);

    const newPassword = 'brand-new-pass-2';
    const reset = await app.inject({
      method: 'POST',
      url: `${api}/password_reset/reset`,
      payload: { email, otp, new_password: newPassword, confirm_password: newPassword },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(serverMessages.passwordResetDone);

    const again = await app.inject({
      method: 'POST',
      url: `${api}/password_reset/reset`,
      payload: { email, otp, new_password: 'another-pass-3', confirm_password: 'another-pass-3' },
    });
    expect(again.statusCode).toBe(400);

    expect((await login(app, email, newPassword)).statusCode).toBe(200);
    expect((await login(app, email, PASSWORD)).statusCode).toBe(401);
  });

  it('expires and locks reset codes like sign-up codes', async () => {
    const { email } = await verifiedUser(app);
    await app.inject({ method: 'POST', url: `${api}/password_reset/request`, payload: { email } });
    const otp = await latestCode(app, email);
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      await app.inject({ method: 'POST', url: `${api}/password_reset/verify_otp`, payload: { email, otp: otherCode(otp) } });
    }
    const locked = await app.inject({ method: 'POST', url: `${api}/password_reset/verify_otp`, payload: { email, otp } });
    expect(locked.json().code).toBe(errorCodes.codeLocked);

    clock.advance(OTP_RESEND_COOLDOWN_S * 1000);
    await app.inject({ method: 'POST', url: `${api}/password_reset/resend-otp`, payload: { email } });
    const fresh = await latestCode(app, email);
    clock.advance(OTP_TTL_MS + 1000);
    const expired = await app.inject({
      method: 'POST',
      url: `${api}/password_reset/reset`,
      payload: { email, otp: fresh, new_password: 'whatever-123', confirm_password: 'whatever-123' },
    });
    expect(expired.json().code).toBe(errorCodes.codeExpired);
  });

  it('requires a token and refuses another user’s id', async () => {
    const alice = await verifiedUser(app);
    const bob = await verifiedUser(app);
    const calls = [
      { method: 'GET' as const, url: `${api}/getUserInformation/?user_id=${bob.userId}` },
      { method: 'GET' as const, url: `${api}/get_wallet/user=${bob.userId}` },
      { method: 'POST' as const, url: `${api}/edit_profile/user=${bob.userId}`, payload: { name: 'X', phone_number: '123' } },
    ];
    for (const call of calls) {
      const anonymous = await app.inject(call);
      expect(anonymous.statusCode).toBe(401);
      const badToken = await app.inject({ ...call, headers: bearer('not.a.token') });
      expect(badToken.statusCode).toBe(401);
      const foreign = await app.inject({ ...call, headers: bearer(alice.token) });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().message).toBe(serverMessages.forbidden);
    }
    const info = await app.inject({
      method: 'GET',
      url: `${api}/getUserInformation/?user_id=${bob.userId}`,
      headers: bearer(bob.token),
    });
    expect(info.json().user.name).toBeNull();
  });

  it('edits the profile with JSON and with multipart, and serves the image back', async () => {
    const { userId, token } = await verifiedUser(app);
    const url = `${api}/edit_profile/user=${userId}`;
    const json = await app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      payload: { name: 'Ada Lovelace', phone_number: '+44 1234 5678' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      success: true,
      user: { name: 'Ada Lovelace', phone_number: '+44 1234 5678', profile_image: null },
    });

    const form = multipart({ name: 'Ada L.', phone_number: '+44 999' }, { name: 'user_profile', filename: 'a.png', data: TINY_PNG });
    const res = await app.inject({ method: 'POST', url, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(200);
    const imagePath = res.json().user.profile_image as string;
    expect(imagePath).toMatch(/^\/api\/user_account\/profile-image\/[0-9a-f-]{36}$/);

    const image = await app.inject({ method: 'GET', url: imagePath });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, TINY_PNG)).toBe(0);

    const info = await app.inject({ method: 'GET', url: `${api}/getUserInformation/?user_id=${userId}`, headers: bearer(token) });
    expect(info.json()).toMatchObject({ user: { name: 'Ada L.' }, user_detail: { phone_number: '+44 999', user_profile: imagePath } });

    // The change-nickname screen sends the name alone: the phone number and the picture stay.
    const nickname = await app.inject({ method: 'POST', url, headers: bearer(token), payload: { name: 'Countess' } });
    expect(nickname.statusCode).toBe(200);
    expect(nickname.json()).toMatchObject({ user: { name: 'Countess', phone_number: '+44 999', profile_image: imagePath } });
    const after = await app.inject({ method: 'GET', url: `${api}/getUserInformation/?user_id=${userId}`, headers: bearer(token) });
    expect(after.json()).toMatchObject({ user: { name: 'Countess' }, user_detail: { phone_number: '+44 999', user_profile: imagePath } });
  });

  it('rejects a non-image file and an oversized JPEG without storing anything', async () => {
    const { userId, token } = await verifiedUser(app);
    const url = `${api}/edit_profile/user=${userId}`;
    await app.inject({ method: 'POST', url, headers: bearer(token), payload: { name: 'Before', phone_number: '111' } });

    const text = multipart({ name: 'After', phone_number: '222' }, { name: 'user_profile', filename: 'x.png', data: Buffer.from('just text, not an image') });
    const badType = await app.inject({ method: 'POST', url, headers: { ...bearer(token), ...text.headers }, payload: text.payload });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toBe(serverMessages.imageType);

    const big = Buffer.alloc(PROFILE_IMAGE_MAX_BYTES + 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const large = multipart({ name: 'After', phone_number: '222' }, { name: 'user_profile', filename: 'big.jpg', data: big });
    const tooLarge = await app.inject({ method: 'POST', url, headers: { ...bearer(token), ...large.headers }, payload: large.payload });
    expect([400, 413]).toContain(tooLarge.statusCode);
    expect(tooLarge.json().message).toBe(serverMessages.imageTooLarge);

    const info = await app.inject({ method: 'GET', url: `${api}/getUserInformation/?user_id=${userId}`, headers: bearer(token) });
    expect(info.json()).toMatchObject({ user: { name: 'Before' }, user_detail: { phone_number: '111', user_profile: null } });
    const rows = await app.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM profile_images WHERE user_id = $1', [userId]);
    expect(rows.rows[0]?.n).toBe(0);
  });

  it('answers 404 for an unknown profile image', async () => {
    const res = await app.inject({ method: 'GET', url: `${api}/profile-image/00000000-0000-0000-0000-000000000000` });
    expect(res.statusCode).toBe(404);
  });
});
