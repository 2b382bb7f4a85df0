import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorCodes, outboxMessages, serverMessages } from '@exchange/contract';
import { buildApp, type App } from '../src/app.js';
import { isLoopbackAddress } from '../src/modules/outbox/loopback.js';
import { outboxStartupNotes } from '../src/modules/outbox/startup-notice.js';
import { testConfig, uniqueEmail } from './helpers.js';

const STRANGER = '203.0.113.7';
const notFound = { message: serverMessages.notFound, code: apiErrorCodes.notFound };

describe('the dev outbox without SMTP', () => {
  let app: App;
  let webDist: string;

  beforeAll(async () => {
    // A built web app is present, so an unregistered page would fall through to the SPA's index.html.
    webDist = mkdtempSync(path.join(os.tmpdir(), 'exch-outbox-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>spa</title>');
    app = await buildApp(testConfig({ webDist, trustProxy: true }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers clients on the loopback interface, IPv4, IPv6 and IPv4-mapped', async () => {
    const to = uniqueEmail('loop');
    await app.services.mailer.send({ to, subject: 'Hello', text: 'Your code is 123456.' });
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}`, remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json()).toMatchObject([{ to, subject: 'Hello', text: 'Your code is 123456.' }]);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers any other client with the 404 of a missing route, whatever X-Forwarded-For says', async () => {
    const to = uniqueEmail('remote');
    await app.services.mailer.send({ to, subject: 'Secret', text: 'Your code is 654321.' });
    for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(to)}`,
        remoteAddress: STRANGER,
        headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
      expect(res.body).not.toContain('654321');
    }
  });

  it('refuses a loopback connection that a proxy forwarded from elsewhere', async () => {
    const to = uniqueEmail('proxied');
    await app.services.mailer.send({ to, subject: 'Secret', text: 'Your code is 314159.' });
    for (const headers of [{ 'x-forwarded-for': STRANGER }, { forwarded: `for=${STRANGER}` }]) {
      for (const url of [`/api/dev/outbox?to=${encodeURIComponent(to)}`, `/dev/outbox?to=${encodeURIComponent(to)}`]) {
        const res = await app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('314159');
      }
    }
  });

  it('needs an address: a missing or empty to= is a 400 with a plain message', async () => {
    await app.services.mailer.send({ to: uniqueEmail('other'), subject: 'Not yours', text: 'Your code is 111222.' });
    for (const url of ['/api/dev/outbox', '/api/dev/outbox?to=', '/api/dev/outbox?to=%20%20']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(outboxMessages.recipientRequired);
      expect(res.body).not.toContain('111222');
    }
  });

  it('matches the address whatever its case and surrounding spaces', async () => {
    const to = uniqueEmail('case');
    await app.services.mailer.send({ to, subject: 'Case', text: 'Hi' });
    const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(` ${to.toUpperCase()} `)}` });
    expect(res.json()).toHaveLength(1);
  });

  it('serves a page that lists the mails of one address, newest first, with the code easy to read', async () => {
    const to = uniqueEmail('page');
    await app.services.mailer.send({ to, subject: 'Your verification code', text: 'Your verification code is 246810.' });
    await app.services.mailer.send({ to, subject: 'Your password reset code', text: 'Your password reset code is 135790.' });
    await app.services.mailer.send({ to: uniqueEmail('someone-else'), subject: 'Not for you', text: 'Code 999999.' });

    const res = await app.inject({
      method: 'GET',
      url: `/dev/outbox?to=${encodeURIComponent(to)}`,
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).not.toContain('<title>spa</title>');
    const reset = res.body.indexOf('Your password reset code');
    const verification = res.body.indexOf('Your verification code');
    expect(reset).toBeGreaterThan(-1);
    expect(verification).toBeGreaterThan(reset);
    expect(res.body).toContain('<p class="code" aria-label="Code">135790</p>');
    expect(res.body).toContain('<p class="code" aria-label="Code">246810</p>');
    expect(res.body).not.toContain('999999');
    expect(res.body).toContain(`value="${to}"`);
  });

  it('shows the form alone without an address, and works under the server’s CSP (no script, nothing external)', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<form method="get" action="\/dev\/outbox">/);
    expect(res.body).toContain('name="to"');
    expect(res.body).not.toMatch(/<script|<link|src=|https?:\/\//i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('escapes what the mails and the address hold', async () => {
    const to = uniqueEmail('xss');
    await app.services.mailer.send({ to, subject: '<script>alert(1)</script>', text: 'Code 123123 <img src=x onerror=alert(2)> & "quotes"' });
    const res = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` });
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('<img');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot;');

    const quoted = await app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent('"><script>x</script>')}` });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.body).not.toContain('<script>');
    expect(quoted.body).toContain('value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('answers the page with a 404 to any other client', async () => {
    const to = uniqueEmail('page-remote');
    await app.services.mailer.send({ to, subject: 'Secret', text: 'Your code is 777888.' });
    for (const headers of [{ accept: 'text/html' }, { accept: 'text/html', 'x-forwarded-for': '127.0.0.1' }]) {
      const res = await app.inject({
        method: 'GET',
        url: `/dev/outbox?to=${encodeURIComponent(to)}`,
        remoteAddress: STRANGER,
        headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('777888');
    }
  });
});

describe('loopback addresses', () => {
  it('are 127.0.0.0/8, ::1 and their IPv4-mapped form; nothing else is', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [undefined, '', '0.0.0.0', '10.0.0.1', '203.0.113.7', '::', '::ffff:10.0.0.1', 'fe80::1', 'localhost', 'garbage']) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });
});

describe('the start-up notes about the outbox', () => {
  it('give the page on the loopback address the server listens on', () => {
    expect(outboxStartupNotes('127.0.0.1', 8080)).toEqual([
      { level: 'info', message: 'mail goes to the local outbox: http://127.0.0.1:8080/dev/outbox' },
    ]);
    expect(outboxStartupNotes('::1', 9000)[0]?.message).toBe('mail goes to the local outbox: http://[::1]:9000/dev/outbox');
    expect(outboxStartupNotes('localhost', 8080)[0]?.message).toBe('mail goes to the local outbox: http://localhost:8080/dev/outbox');
  });

  it('warn that an exposed server should send real mail', () => {
    const notes = outboxStartupNotes('0.0.0.0', 8080);
    expect(notes[0]).toEqual({ level: 'info', message: 'mail goes to the local outbox: http://127.0.0.1:8080/dev/outbox' });
    expect(notes[1]?.level).toBe('warn');
    expect(notes[1]?.message).toContain('SMTP_URL');
    const elsewhere = outboxStartupNotes('192.0.2.10', 8080);
    expect(elsewhere).toHaveLength(1);
    expect(elsewhere[0]?.level).toBe('warn');
  });
});
