import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import { OTP_RESEND_COOLDOWN_S } from '@exchange/contract';
import type { App } from '../src/app.js';
import { BackgroundWork } from '../src/background-work.js';
import type { Mail } from '../src/mail/mailer.js';
import { latestCode, manualClock, startApp, uniqueEmail, type TestApp, FEATURE_DB } from './helpers.js';

const PASSWORD = 'correct-horse-1';
const api = '/api/user_account';

/** What a caller can observe of an answer: status, headers that vary by outcome, and the body. */
function observable(res: LightMyRequestResponse) {
  return { status: res.statusCode, retryAfter: res.headers['retry-after'], body: res.body };
}

/** A mailer that holds every mail until released, and says when one is handed to it. */
function blockingMailer(app: App) {
  const send = app.services.mailer.send.bind(app.services.mailer);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: (mail: Mail) => void;
  const mailStarted = new Promise<Mail>((resolve) => (started = resolve));
  vi.spyOn(app.services.mailer, 'send').mockImplementation(async (mail) => {
    started(mail);
    await released;
    await send(mail);
  });
  return { mailStarted, release };
}

describe('the reset and resend calls do not tell whether an address has an account', () => {
  const clock = manualClock();
  let t: TestApp;
  let app: App;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    app = t.app;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await app.services.background.idle();
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, email: string) => app.inject({ method: 'POST', url: `${api}${path}`, payload: { email } });

  async function signUp(email: string) {
    const res = await app.inject({
      method: 'POST',
      url: `${api}/signup`,
      payload: { email, password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
  }

  async function verifiedUser() {
    const email = uniqueEmail('known');
    await signUp(email);
    const otp = await latestCode(app, email);
    expect((await app.inject({ method: 'POST', url: `${api}/verify-otp`, payload: { email, otp } })).statusCode).toBe(200);
    return email;
  }

  async function mailCount(email: string): Promise<number> {
    await app.services.background.idle();
    return (await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json().length;
  }

  for (const path of ['/password_reset/request', '/password_reset/resend-otp']) {
    it(`${path} answers an existing address before its mail is sent`, async () => {
      const email = await verifiedUser();
      clock.advance(OTP_RESEND_COOLDOWN_S * 1000);
      const mailer = blockingMailer(app);
      try {
        const first = await Promise.race([
          post(path, email).then(() => 'answer'),
          mailer.mailStarted.then(() => 'mail'),
        ]);
        expect(first).toBe('answer');
        // The work did go on after the answer: the reset mail reaches the mailer.
        expect(await mailer.mailStarted).toMatchObject({ to: email, subject: 'Your password reset code' });
      } finally {
        mailer.release();
      }
      expect(await latestCode(app, email)).toMatch(/^\d{6}$/);
    });

    it(`${path} answers the same for an existing, a too-early and an unknown address`, async () => {
      const email = await verifiedUser();
      clock.advance(OTP_RESEND_COOLDOWN_S * 1000);
      const existing = await post(path, email);
      expect(await mailCount(email)).toBe(2);
      const tooEarly = await post(path, email);
      expect(await mailCount(email)).toBe(2);
      const unknown = await post(path, uniqueEmail('ghost'));

      expect(existing.statusCode).toBe(200);
      expect(observable(tooEarly)).toEqual(observable(existing));
      expect(observable(unknown)).toEqual(observable(existing));
    });
  }

  it('/resend-otp answers an unverified address before its mail is sent', async () => {
    const email = uniqueEmail('unverified');
    await signUp(email);
    clock.advance(OTP_RESEND_COOLDOWN_S * 1000);
    await app.services.background.idle();
    const mailer = blockingMailer(app);
    try {
      const first = await Promise.race([
        post('/resend-otp', email).then(() => 'answer'),
        mailer.mailStarted.then(() => 'mail'),
      ]);
      expect(first).toBe('answer');
      expect(await mailer.mailStarted).toMatchObject({ to: email, subject: 'Your verification code' });
    } finally {
      mailer.release();
    }
    expect(await mailCount(email)).toBe(2);
  });

  it('/resend-otp answers the same for an unverified, a too-early, a verified and an unknown address', async () => {
    const unverified = uniqueEmail('unverified');
    await signUp(unverified);
    const verified = await verifiedUser();
    clock.advance(OTP_RESEND_COOLDOWN_S * 1000);

    const resent = await post('/resend-otp', unverified);
    expect(await mailCount(unverified)).toBe(2);
    const tooEarly = await post('/resend-otp', unverified);
    expect(await mailCount(unverified)).toBe(2);
    const alreadyVerified = await post('/resend-otp', verified);
    expect(await mailCount(verified)).toBe(1);
    const unknown = await post('/resend-otp', uniqueEmail('ghost'));

    expect(resent.statusCode).toBe(200);
    for (const other of [tooEarly, alreadyVerified, unknown]) expect(observable(other)).toEqual(observable(resent));
  });

  it('answers even when sending the mail fails, and the next request still works', async () => {
    const email = await verifiedUser();
    clock.advance(OTP_RESEND_COOLDOWN_S * 1000);
    vi.spyOn(app.services.mailer, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
    const res = await post('/password_reset/request', email);
    expect(res.statusCode).toBe(200);
    await app.services.background.idle();
    expect(app.services.mailer.send).toHaveBeenCalledTimes(1);
    clock.advance(OTP_RESEND_COOLDOWN_S * 1000);
    expect((await post('/password_reset/resend-otp', email)).statusCode).toBe(200);
    expect(await latestCode(app, email)).toMatch(/^\d{6}$/);
  });
});

describe('background work', () => {
  it('logs a failure instead of throwing it, and idle() waits for what is still running', async () => {
    const logged: unknown[] = [];
    const log = { error: (obj: unknown, msg: string) => logged.push([obj, msg]) } as unknown as FastifyBaseLogger;
    const work = new BackgroundWork(log);
    let slowDone = false;
    work.run('slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      slowDone = true;
    });
    work.run('failing', async () => {
      throw new Error('boom');
    });
    await work.idle();
    expect(slowDone).toBe(true);
    expect(logged).toEqual([[{ err: new Error('boom') }, 'failing failed']]);
  });
});
