import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { DEFAULT_API_KEY, serverMessages, statusResponse } from '@exchange/contract';
import { buildApp, type App } from '../src/app.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrations.js';
import { schema } from '../src/products.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { readAppVersion } from '../src/paths.js';
import { startApp, testConfig, uniqueEmail, type DbKind } from './helpers.js';

describe('app basics', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp(testConfig());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reports its status', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/status?apikey=${DEFAULT_API_KEY}` });
    expect(res.statusCode).toBe(200);
    const body = statusResponse.parse(res.json());
    expect(body).toMatchObject({ status: 'ok', version: readAppVersion(), database: 'pglite', mail: 'outbox' });
  });

  it('refuses /api/v1 calls without a configured apikey', async () => {
    for (const url of ['/api/v1/status', '/api/v1/status?apikey=', '/api/v1/status?apikey=not-a-key']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(serverMessages.invalidApiKey);
    }
  });

  it('accepts the keys configured in API_KEYS', async () => {
    const keyed = await buildApp(testConfig({ apiKeys: ['partner-1', 'partner-2'] }));
    try {
      expect((await keyed.inject({ url: '/api/v1/status?apikey=partner-2' })).statusCode).toBe(200);
      expect((await keyed.inject({ url: `/api/v1/status?apikey=${DEFAULT_API_KEY}` })).statusCode).toBe(401);
    } finally {
      await keyed.close();
    }
  });

  it('sends a same-origin content security policy and the other helmet headers', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/status?apikey=${DEFAULT_API_KEY}` });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('connect-src');
    expect(csp).not.toMatch(/https?:\/\//);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes an OpenAPI document with the account paths and serves the docs page offline', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const p of [
      '/api/user_account/signup',
      '/api/user_account/login',
      '/api/user_account/verify-otp',
      '/api/user_account/resend-otp',
      '/api/user_account/getUserInformation/',
      '/api/user_account/edit_profile/user={id}',
      '/api/user_account/get_wallet/user={id}',
      '/api/user_account/password_reset/request',
      '/api/user_account/password_reset/verify_otp',
      '/api/user_account/password_reset/resend-otp',
      '/api/user_account/password_reset/reset',
      '/api/v1/status',
    ]) {
      expect(paths).toContain(p);
    }
    const signup = res.json().paths['/api/user_account/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.properties).toHaveProperty('confirm_password');

    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)/);
    const bundle = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/nothing-here', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(serverMessages.notFound);
  });

  it('exposes the dev outbox when no SMTP server is set', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(uniqueEmail())}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
  });
});

describe('with SMTP configured', () => {
  it('does not register the dev outbox and reports smtp mail', async () => {
    const app = await buildApp(testConfig({ smtpUrl: 'smtp://127.0.0.1:2525' }));
    try {
      const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=someone%40example.com' });
      expect(outbox.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      const status = await app.inject({ method: 'GET', url: `/api/v1/status?apikey=${DEFAULT_API_KEY}` });
      expect(status.json().mail).toBe('smtp');
      const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(Object.keys(docs.json().paths)).not.toContain('/api/dev/outbox');
    } finally {
      await app.close();
    }
  });
});

describe('per-IP rate limit on the account routes', () => {
  it('answers 429 once a client exceeds the configured requests per minute', async () => {
    const app = await buildApp(
      testConfig({ rateLimit: { authPerIpPerMinute: 3, loginFailuresPerEmail: 0, loginFailureWindowMs: 60_000 } }),
    );
    try {
      const payload = { email: uniqueEmail(), password: 'whatever-123' };
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await app.inject({ method: 'POST', url: '/api/user_account/login', payload })).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const status = await app.inject({ method: 'GET', url: `/api/v1/status?apikey=${DEFAULT_API_KEY}` });
      expect(status.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('static web app', () => {
  let dist: string;
  let app: App;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'exch-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>exchange</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.warn(1)');
    app = await buildApp(testConfig({ webDist: dist }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html without caching and hashed assets with a long cache', async () => {
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>exchange</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('falls back to index.html for client routes but not for /api or non-HTML requests', async () => {
    const route = await app.inject({ method: 'GET', url: '/spot-trading', headers: { accept: 'text/html' } });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>exchange</title>');
    const api = await app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ message: 'Not found' });
    const json = await app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
    expect(json.statusCode).toBe(404);
  });
});

describe('error handler', () => {
  it('hides the cause of a 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('secret database detail');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe(serverMessages.internal);
    expect(res.body).not.toContain('secret');
    await app.close();
  });
});

describe.each<DbKind>(['pglite', 'postgres'])('migrations on %s', (kind) => {
  it('apply once and are a no-op on the next start', async () => {
    const t = await startApp(kind);
    try {
      expect(await migrate(t.app.services.db, schema)).toEqual([]);
      const rows = await t.app.services.db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      expect(rows.rows.map((r) => r.version)).toEqual([...schema].map((m) => m.version).sort((a, b) => a - b));
    } finally {
      await t.close();
    }
  });
});

describe('PGlite on disk', () => {
  it('keeps data across restarts and migrates idempotently', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'exch-pglite-'));
    try {
      const first = await openDatabase({ dataDir }, schema);
      await first.query("INSERT INTO outbox (to_address, subject, body, created_at) VALUES ('a@b.c', 's', 't', now())");
      await first.close();
      const second = await openDatabase({ dataDir }, schema);
      const rows = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox');
      expect(rows.rows[0]?.n).toBe(1);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
