import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loginHistoryResponse, securityMessages, wsClose } from '@exchange/contract';
import { bearer, latestCode, manualClock, signUpUser, startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { enableTotp, post, security } from './security-helpers.js';
import { privateWsUrl } from '../auth/private-login.js';

async function loggedInSocket(url: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const reply = new Promise<unknown>((resolve) => ws.once('message', (raw: Buffer) => resolve(JSON.parse(raw.toString('utf8')))));
  ws.send(JSON.stringify({ op: 'login', args: [{ token }] }));
  expect(await reply).toMatchObject({ event: 'login', code: '0' });
  return ws;
}

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';

describe('login history, sessions and the anti-phishing phrase', () => {
  const clock = manualClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function loginFrom(email: string, password: string, userAgent: string, ip: string): Promise<string> {
    clock.advance(1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user_account/login',
      payload: { email, password },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    return res.json().jwt_token as string;
  }

  const logins = async (userId: string, token: string) => {
    const res = await t.app.inject({ url: `${security}/logins?user_id=${userId}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return loginHistoryResponse.parse(res.json());
  };

  it('lists each sign-in newest first with its address and device, and ending one session fails its token at once', async () => {
    const user = await signUpUser(t.app, 'history');
    const mac = await loginFrom(user.email, user.password, CHROME_MAC, '198.51.100.7');
    const windows = await loginFrom(user.email, user.password, FIREFOX_WINDOWS, '203.0.113.9');

    const list = await logins(user.userId, mac);
    expect(list.map((l) => [l.device, l.client_address, l.status, l.current])).toEqual([
      ['Firefox 121 on Windows 10', '203.0.113.9', 'active', false],
      ['Chrome 120 on macOS', '198.51.100.7', 'active', true],
      [expect.any(String), '127.0.0.1', 'active', false],
    ]);
    const windowsSession = list[0]?.id ?? '';

    // The Windows token works, warm in the session cache, until the Mac ends its session.
    const probe = (token: string) => t.app.inject({ url: `${security}?user_id=${user.userId}`, headers: bearer(token) });
    expect((await probe(windows)).statusCode).toBe(200);
    const ended = await t.app.inject({ method: 'DELETE', url: `${security}/sessions/${windowsSession}?user_id=${user.userId}`, headers: bearer(mac) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ success: true, message: securityMessages.sessionEnded });
    expect((await probe(windows)).statusCode).toBe(401);
    expect((await probe(mac)).statusCode).toBe(200);
    expect((await logins(user.userId, mac))[0]?.status).toBe('ended');

    // Ending it again, or a session of another user, finds nothing.
    const again = await t.app.inject({ method: 'DELETE', url: `${security}/sessions/${windowsSession}?user_id=${user.userId}`, headers: bearer(mac) });
    expect(again.statusCode).toBe(404);
    const stranger = await signUpUser(t.app, 'stranger');
    const foreign = await t.app.inject({ method: 'DELETE', url: `${security}/sessions/${list[1]?.id}?user_id=${stranger.userId}`, headers: bearer(stranger.token) });
    expect(foreign.statusCode).toBe(404);
    const asOwner = await t.app.inject({ method: 'DELETE', url: `${security}/sessions/${list[1]?.id}?user_id=${user.userId}`, headers: bearer(stranger.token) });
    expect(asOwner.statusCode).toBe(403);
    expect((await probe(mac)).statusCode).toBe(200);
  });

  it('closes the private socket of the ended session only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = privateWsUrl(t.app);
    const user = await signUpUser(t.app, 'sockets');
    const kept = await loginFrom(user.email, user.password, CHROME_MAC, '198.51.100.8');
    const ended = await loginFrom(user.email, user.password, FIREFOX_WINDOWS, '203.0.113.10');
    const keptSocket = await loggedInSocket(url, kept);
    const endedSocket = await loggedInSocket(url, ended);
    const closed = new Promise<number>((resolve) => endedSocket.once('close', (code: number) => resolve(code)));

    const endedId = (await logins(user.userId, kept)).find((l) => l.device.startsWith('Firefox'))?.id;
    const res = await t.app.inject({ method: 'DELETE', url: `${security}/sessions/${endedId}?user_id=${user.userId}`, headers: bearer(kept) });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe(wsClose.sessionEnded.code);
    // The other socket still answers.
    const pong = new Promise<string>((resolve) => keptSocket.once('message', (raw: Buffer) => resolve(raw.toString('utf8'))));
    keptSocket.send(JSON.stringify({ op: 'subscribe', args: [{ channel: 'orders' }] }));
    expect(JSON.parse(await pong)).toMatchObject({ event: 'subscribe' });
    keptSocket.close();
  });

  it('opens every mail to the user with the phrase they chose, once they chose one', async () => {
    const user = await signUpUser(t.app, 'phrase');
    const newestMail = async () => {
      await t.app.services.background.idle();
      return ((await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` })).json() as { text: string }[])[0]?.text ?? '';
    };
    expect(await newestMail()).not.toContain('anti-phishing');

    for (const phrase of ['abc', 'x'.repeat(21), 'no <html>!', '']) {
      const bad = await post(t.app, user, '/anti-phishing', { phrase });
      expect(bad.statusCode, phrase).toBe(400);
      expect(bad.json().message).toBe(securityMessages.phraseInvalid);
    }
    const saved = await post(t.app, user, '/anti-phishing', { phrase: '  Blue Heron 42 ' });
    expect(saved.json()).toEqual({ success: true, message: securityMessages.phraseSaved, anti_phishing_phrase: 'Blue Heron 42' });

    // A password reset code, a login-free mail sent after the answer.
    clock.advance(61_000);
    await t.app.inject({ method: 'POST', url: '/api/user_account/password_reset/request', payload: { email: user.email } });
    expect(await newestMail()).toMatch(/^Your anti-phishing phrase: Blue Heron 42\n\nYour password reset code is \d{6}/);
    expect(await latestCode(t.app, user.email)).toMatch(/^\d{6}$/);
    // An email change code and a withdrawal address code, from other modules.
    clock.advance(61_000);
    await t.app.inject({ method: 'POST', url: '/api/user_account/email_reset/request', headers: bearer(user.token), payload: { email: user.email } });
    expect(await newestMail()).toMatch(/^Your anti-phishing phrase: Blue Heron 42\n\nYour code to change the email/);
    await t.app.inject({ method: 'POST', url: '/api/v1/withdraw-addresses/code', headers: bearer(user.token), payload: { apikey: 'nexa-web', uid: user.uid } });
    expect(await newestMail()).toMatch(/^Your anti-phishing phrase: Blue Heron 42\n\nYour code to add an address/);

    const overview = (await t.app.inject({ url: `${security}?user_id=${user.userId}`, headers: bearer(user.token) })).json();
    expect(overview.anti_phishing_phrase).toBe('Blue Heron 42');

    // Once the authenticator app is on, changing the phrase is a security change: it needs a code.
    await enableTotp(t.app, user, clock.now().getTime());
    const withoutCode = await post(t.app, user, '/anti-phishing', { phrase: 'Another one' });
    expect(withoutCode.statusCode).toBe(403);
  });
});
