import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { testConfig } from './helpers.js';

/** What Chromium sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const script = Buffer.from(
  Array.from({ length: 400 }, (_, i) => `export const value${i} = ${JSON.stringify(`row ${i} of the bundle`)};`).join('\n'),
);
const html = Buffer.from('<!doctype html><html lang="en"><head><title>exchange</title></head><body><div id="root"></div></body></html>');
const icon = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');

/** A built web app as `vite build` leaves it: every file with its .br and .gz copies, except one too small to shrink. */
function writeDist(dir: string): void {
  mkdirSync(path.join(dir, 'assets'));
  const files: [string, Buffer][] = [
    ['index.html', html],
    ['assets/index-abc123.js', script],
  ];
  for (const [name, bytes] of files) {
    writeFileSync(path.join(dir, name), bytes);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(bytes));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(bytes));
  }
  writeFileSync(path.join(dir, 'favicon.svg'), icon);
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  none: (bytes) => bytes,
};

describe('precompressed static files', () => {
  let dist: string;
  let app: App;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'exch-web-compressed-'));
    writeDist(dist);
    app = await buildApp(testConfig({ webDist: dist }));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  async function get(url: string, acceptEncoding: string | null, accept = '*/*') {
    const headers: Record<string, string> = { accept };
    if (acceptEncoding !== null) headers['accept-encoding'] = acceptEncoding;
    return app.inject({ method: 'GET', url, headers });
  }

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    [BROWSER_ACCEPT_ENCODING, 'br'],
    [null, 'none'],
    ['identity', 'none'],
  ])('sends a hashed asset to Accept-Encoding %s as %s, the same bytes once decoded', async (acceptEncoding, expected) => {
    const res = await get('/assets/index-abc123.js', acceptEncoding);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected === 'none' ? undefined : expected);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toContain('immutable');
    const body = (decoders[expected] as (bytes: Buffer) => Buffer)(res.rawPayload);
    expect(body.equals(script)).toBe(true);
    if (expected !== 'none') expect(res.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it.each([
    ['/', 'br'],
    ['/', 'gzip'],
    ['/spot-trading', 'br'],
    ['/spot-trading', 'gzip'],
  ])('sends index.html at %s compressed with %s and not cached', async (url, encoding) => {
    const res = await get(url, encoding, 'text/html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect((decoders[encoding] as (bytes: Buffer) => Buffer)(res.rawPayload).equals(html)).toBe(true);
  });

  it('sends a file that has no compressed copy as it is', async () => {
    const res = await get('/favicon.svg', BROWSER_ACCEPT_ENCODING);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(icon)).toBe(true);
  });
});
