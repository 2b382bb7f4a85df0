import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, errorCodes, serverMessages, spotMessages, walletMessages } from '@exchange/contract';
import { bearer, multipart, signUpUser, startApp, TINY_PNG, type DbKind, type SignedUpUser, type TestApp, FEATURE_DB } from './helpers.js';
import type { App } from '../src/app.js';

/**
 * Issue 11, defect 5: malformed requests that answered 500. Each must be a 400 whose JSON message
 * says in plain words what is wrong.
 */

const api = '/api/user_account';
const NUL_EMAIL = 'a\u0000b@example.com';

interface Answer {
  statusCode: number;
  json(): unknown;
}

function expect400(res: Answer, message: string): void {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ message });
}

describe.each<DbKind>([FEATURE_DB])('malformed input on %s', (kind) => {
  let t: TestApp;
  let app: App;
  let user: SignedUpUser;
  let profileUrl: string;

  beforeAll(async () => {
    t = await startApp(kind);
    app = t.app;
    user = await signUpUser(app, 'malformed');
    profileUrl = `${api}/edit_profile/user=${user.userId}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `${api}${url}`, payload });
  const emailNul = 'Email must not contain control characters';

  describe('a NUL byte in a text field that reaches the database', () => {
    it('sign-up', async () => {
      expect400(await post('/signup', { email: NUL_EMAIL, password: 'abcdefgh1', confirm_password: 'abcdefgh1' }), emailNul);
    });

    it('verify-otp and resend-otp', async () => {
      expect400(await post('/verify-otp', { email: NUL_EMAIL, otp: '123456' }), emailNul);
      expect400(await post('/resend-otp', { email: NUL_EMAIL }), emailNul);
    });

    it('login', async () => {
      expect400(await post('/login', { email: NUL_EMAIL, password: 'abcdefgh1' }), emailNul);
    });

    it('the password reset calls', async () => {
      expect400(await post('/password_reset/request', { email: NUL_EMAIL }), emailNul);
      expect400(await post('/password_reset/verify_otp', { email: NUL_EMAIL, otp: '123456' }), emailNul);
      expect400(await post('/password_reset/resend-otp', { email: NUL_EMAIL }), emailNul);
      expect400(
        await post('/password_reset/reset', {
          email: NUL_EMAIL,
          otp: '123456',
          new_password: 'abcdefgh1',
          confirm_password: 'abcdefgh1',
        }),
        emailNul,
      );
    });

    it('edit_profile, as JSON and as multipart', async () => {
      const json = await app.inject({
        method: 'POST',
        url: profileUrl,
        headers: bearer(user.token),
        payload: { name: 'Ada\u0000', phone_number: '123456' },
      });
      expect400(json, 'Name must not contain control characters');
      const form = multipart({ name: 'Ada', phone_number: '12\u00003456' });
      const res = await app.inject({ method: 'POST', url: profileUrl, headers: { ...bearer(user.token), ...form.headers }, payload: form.payload });
      expect400(res, 'Phone number must not contain control characters');
    });

    it('the dev outbox', async () => {
      expect400(await app.inject({ method: 'GET', url: '/api/dev/outbox?to=%00' }), 'to must not contain control characters');
    });
  });

  describe('a repeated query parameter', () => {
    it('instId on the OKX books', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/v5/market/books?instId=BTC-USDT&instId=2' });
      expect400(res, 'instId must be given once');
    });

    it('symbol and query on the UDF calls', async () => {
      const udf = (path: string) => app.inject({ method: 'GET', url: `/api/v1/udf/${path}&apikey=${DEFAULT_API_KEY}` });
      expect400(await udf('symbols?symbol=BTC&symbol=ETH'), 'symbol must be given once');
      expect400(await udf('search?query=BT&query=ET'), 'query must be given once');
      expect400(await udf('history?symbol=BTC&symbol=ETH&resolution=1&from=1&to=2'), 'symbol must be given once');
    });
  });

  describe('a broken multipart profile form', () => {
    const send = (contentType: string, payload: string | Buffer) =>
      app.inject({ method: 'POST', url: profileUrl, headers: { ...bearer(user.token), 'content-type': contentType }, payload });

    it('without a boundary', async () => {
      expect400(await send('multipart/form-data', 'name=Ada'), serverMessages.profileFormMalformed);
    });

    it('with a garbage body', async () => {
      expect400(await send('multipart/form-data; boundary=xyz', randomBytes(64)), serverMessages.profileFormMalformed);
    });

    it('with an unterminated part', async () => {
      const cut = '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda';
      expect400(await send('multipart/form-data; boundary=xyz', cut), serverMessages.profileFormMalformed);
    });

    it('with two files: a 400 that says one file, and nothing stored', async () => {
      const one = multipart({ name: 'Ada', phone_number: '123456' }, { name: 'user_profile', filename: 'a.png', data: TINY_PNG });
      const boundary = /boundary=(.+)$/.exec(one.headers['content-type'])?.[1] ?? '';
      const secondFile = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="user_profile"; filename="b.png"\r\n` +
          `Content-Type: image/png\r\n\r\n${TINY_PNG.toString('latin1')}\r\n`,
        'latin1',
      );
      const payload = Buffer.concat([secondFile, one.payload]);
      const res = await app.inject({ method: 'POST', url: profileUrl, headers: { ...bearer(user.token), ...one.headers }, payload });
      expect400(res, serverMessages.profileFormOneFile);
      expect(res.json()).toMatchObject({ code: errorCodes.validation });
      const images = await app.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM profile_images WHERE user_id = $1', [user.userId]);
      expect(images.rows[0]?.n).toBe(0);
    });

    it('with more than ten fields', async () => {
      const fields: Record<string, string> = { name: 'Ada', phone_number: '123456' };
      for (let i = 0; i < 10; i += 1) fields[`extra${i}`] = 'x';
      const form = multipart(fields);
      const res = await app.inject({ method: 'POST', url: profileUrl, headers: { ...bearer(user.token), ...form.headers }, payload: form.payload });
      expect400(res, serverMessages.profileFormTooManyFields);
    });
  });

  describe('plain words instead of a pattern', () => {
    it('a negative order price answers the spec\u2019s message', async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/orders?apikey=${DEFAULT_API_KEY}&uid=${user.uid}&coin_id=1&order_type=buy&price=-1&amount=1`,
        headers: bearer(user.token),
      });
      expect400(res, spotMessages.priceRequired);
    });

    it('a wallet path with a uid that is no number', async () => {
      const res = await app.inject({ method: 'GET', url: `/api/v1/user-wallets/abc?apikey=${DEFAULT_API_KEY}`, headers: bearer(user.token) });
      expect400(res, walletMessages.userIdInvalid);
    });
  });

  describe('Fastify\u2019s own refusals keep their status with a plain message', () => {
    it('a URL with a broken escape or an overlong path part, answered without echoing the URL', async () => {
      const broken = await app.inject({ method: 'GET', url: `/api/v1/user-wallets/%zz?apikey=${DEFAULT_API_KEY}` });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toEqual({ message: 'The URL is not valid: it holds a broken %-escape', code: errorCodes.validation });
      const long = await app.inject({ method: 'GET', url: `/api/v1/coin-icons/${'q'.repeat(700)}.svg` });
      expect(long.statusCode).toBe(414);
      expect(long.json()).toEqual({ message: 'A part of the URL path is too long', code: errorCodes.validation });
    });


    it('bad JSON, an empty JSON body, a foreign content type and a body too large', async () => {
      const login = (headers: Record<string, string>, payload: string) =>
        app.inject({ method: 'POST', url: `${api}/login`, headers, payload });
      const json = { 'content-type': 'application/json' };
      expect400(await login(json, '{"email":'), 'The request body is not valid JSON');
      expect400(await login(json, ''), 'The request body is empty: send a JSON object');
      const xml = await login({ 'content-type': 'application/xml' }, '<login/>');
      expect(xml.statusCode).toBe(415);
      expect(xml.json()).toMatchObject({ message: expect.stringContaining('Content-Type') });
      const big = await login(json, JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }));
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ message: 'The request body is too large' });
    });
  });
});
