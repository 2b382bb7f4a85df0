import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testConfig } from './helpers.js';

const page = (name: string) => `<!doctype html><html><head><title>${name}</title></head><body><div id="root"></div></body></html>`;

/** A build as apps/web/scripts/route-html.ts leaves it: index.html for /, a copy per page under spa/, spa.html for the rest. */
const files: Record<string, string> = {
  'index.html': page('landing'),
  'spa.html': page('any route'),
  'spa/spot-trading.html': page('spot'),
  'spa/account/transfer.html': page('transfer'),
};

describe('HTML per client route', () => {
  let dist: string;
  let app: App;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'exch-web-routes-'));
    for (const [name, html] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
      writeFileSync(path.join(dist, name), html);
      writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(html));
    }
    app = await buildApp(testConfig({ webDist: dist }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/', 'landing'],
    ['/spot-trading', 'spot'],
    ['/spot-trading?coin_pair_id=2', 'spot'],
    ['/account/transfer', 'transfer'],
    ['/earn', 'any route'],
    ['/spot-trading/extra', 'any route'],
  ])('sends %s the HTML of %s, compressed and not cached', async (url, title) => {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page(title));
  });
});

describe('the landing page drawn in English ahead of the app', () => {
  let dist: string;
  let app: App;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'exch-web-landing-'));
    for (const [name, title] of [['index.html', 'landing'], ['index.en.html', 'landing in English'], ['spa.html', 'any route']]) {
      writeFileSync(path.join(dist, name as string), page(title as string));
    }
    app = await buildApp(testConfig({ webDist: dist }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['no language at all', {}, 'landing in English'],
    ['an English browser', { 'accept-language': 'en-GB,en;q=0.9' }, 'landing in English'],
    ['a Spanish browser', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' }, 'landing'],
    ['a browser preferring Russian by quality', { 'accept-language': 'en;q=0.5, ru' }, 'landing'],
    ['English chosen on a Spanish browser', { 'accept-language': 'es', cookie: 'a=1; nexa_language=en' }, 'landing in English'],
    ['Chinese chosen on an English browser', { 'accept-language': 'en-US', cookie: 'nexa_language=zh-CN' }, 'landing'],
  ])('sends %s the right landing page', async (_who, headers, title) => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html', ...headers } });
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toContain('accept-language');
    expect(res.body).toBe(page(title));
  });

  it('sends / to a client that names no HTML in Accept, and answers HEAD, as for a file', async () => {
    const get = await app.inject({ method: 'GET', url: '/', headers: { accept: '*/*', 'accept-language': 'ru' } });
    expect(get.body).toBe(page('landing'));
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
  });

  it('keeps the English landing page to /', async () => {
    const res = await app.inject({ method: 'GET', url: '/market', headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(res.body).toBe(page('any route'));
  });
});
