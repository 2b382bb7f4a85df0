import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import type { AppConfig } from '../src/config.js';
import { TEST_PASSWORD_HASHING } from '../src/config/kernel-config.js';
import { buildApp, type App } from '../src/app.js';
import { approveSubmission } from '../src/modules/kyc/review.js';
import { postgresAdmin, postgresUrl } from './postgres-admin.js';

export type DbKind = 'pglite' | 'postgres';

/**
 * The database of the tests that check a feature, not the database layer. Both kinds run the same
 * SQL; what differs (the driver, one connection against a pool, data on disk) is tested on both by
 * the database, ledger, restart, crash, fuzz and random-flow files, and the browser suite runs the
 * whole app on the embedded PGlite. A PGlite app cost two to three times the CPU of a PostgreSQL one
 * (docs/testing.md), so running every feature test on both was most of the server project's time.
 */
export const FEATURE_DB: DbKind = 'postgres';

/**
 * A throw-away database on the local PostgreSQL: empty, or with `'schema'` a clone of the run's
 * migrated template (global-setup.ts), which an app opens without migrating.
 */
export async function createPostgresDatabase(from: 'empty' | 'schema' = 'empty'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `exch_test_${randomBytes(6).toString('hex')}`;
  const template = from === 'schema' ? inject('postgresTemplate') : null;
  await postgresAdmin((admin) => admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  return {
    url: postgresUrl(name),
    async drop() {
      await postgresAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** A test that starts a database on disk twice: PGlite's first start (initdb) alone took 25-33 s on the loaded 2-core machine. */
export const RESTART_TEST_MS = 90_000;

/**
 * A configuration whose database outlives the app, for a test that builds the app twice on it: on
 * disk for PGlite, a fresh PostgreSQL database otherwise. `cleanups` gets what removes it.
 */
export async function restartableConfig(kind: DbKind, cleanups: (() => Promise<void>)[]): Promise<AppConfig> {
  if (kind === 'pglite') {
    const cfg = testConfig({ pgliteInMemory: false });
    cleanups.push(async () => rmSync(cfg.dataDir, { recursive: true, force: true }));
    return cfg;
  }
  const database = await createPostgresDatabase('schema');
  cleanups.push(database.drop);
  return testConfig({ databaseUrl: database.url });
}

/** A clock the tests move by hand. */
export function manualClock(start = Date.now()) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

/** The template every test's PGlite database is loaded from: the schema, no data (global-setup.ts). */
export function pgliteTemplate(): string {
  return inject('pgliteTemplate');
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: path.join(os.tmpdir(), `exch-test-${randomBytes(4).toString('hex')}`),
    pgliteInMemory: true,
    pgliteTemplate: pgliteTemplate(),
    mailFrom: 'test@exchange.local',
    jwtSecret: randomBytes(32).toString('hex'),
    jwtTtlSeconds: 3600,
    operatorIdleMinutes: 30,
    logLevel: 'silent',
    trustProxy: false,
    webDist: path.join(os.tmpdir(), 'exch-no-web-dist'),
    rateLimit: { authPerIpPerMinute: 0, loginFailuresPerEmail: 10, loginFailureWindowMs: 15 * 60_000 },
    apiKeys: [DEFAULT_API_KEY],
    market: { seed: 'test', autoStart: false },
    demoGrantUsdt: '10000',
    wsMaxConnectionsPerIp: 50,
    kycAutoApproveSeconds: 0,
    simulatedChains: 'on',
    testRoutes: true,
    // What loadConfig gives under NODE_ENV=test, as the test routes above.
    passwordHashing: TEST_PASSWORD_HASHING,
    now: () => new Date(),
    ...overrides,
  };
}

/** The app's chain simulator, which every test that pays or refuses on a simulated chain needs on. */
export function chainSimulator(app: App): NonNullable<App['services']['chains']> {
  if (!app.services.chains) throw new Error('the chain simulator is off in this app (simulatedChains)');
  return app.services.chains;
}

export interface TestApp {
  app: App;
  close(): Promise<void>;
}

export async function startApp(kind: DbKind, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  // The data directory a test did not choose is its own: identity documents land there.
  const removeDataDir = () => (overrides.dataDir ? undefined : rmSync(config.dataDir, { recursive: true, force: true }));
  if (kind === 'pglite') {
    const app = await buildApp(config).catch((err: unknown) => {
      removeDataDir();
      throw err;
    });
    return {
      app,
      async close() {
        await app.close();
        removeDataDir();
      },
    };
  }
  const database = await createPostgresDatabase('schema');
  try {
    const app = await buildApp({ ...config, databaseUrl: database.url, ...overrides });
    return {
      app,
      async close() {
        await app.close();
        await database.drop();
        removeDataDir();
      },
    };
  } catch (err) {
    await database.drop();
    removeDataDir();
    throw err;
  }
}

let counter = 0;
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}.${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export interface SignedUpUser {
  userId: string;
  uid: number;
  token: string;
  email: string;
  password: string;
}

export const SIGNUP_PASSWORD = 'correct-horse-1';

/**
 * Signs a fresh user up, verifies the email through the dev outbox (trading and transfers need a
 * verified email) unless `verified: false`, has the identity verified with `identity: true`
 * (futures need it), and reads back the numeric uid the wallet and order routes take. The sign-up
 * token stays the user's session.
 */
export async function signUpUser(app: App, tag = 'user', { verified = true, identity = false } = {}): Promise<SignedUpUser> {
  const email = uniqueEmail(tag);
  const signup = await app.inject({
    method: 'POST',
    url: '/api/user_account/signup',
    payload: { email, password: SIGNUP_PASSWORD, confirm_password: SIGNUP_PASSWORD },
  });
  expect(signup.statusCode).toBe(201);
  const { user_id: userId, token } = signup.json() as { user_id: string; token: string };
  if (verified) await verifyEmail(app, email);
  if (identity) await verifyIdentity(app, { userId, token });
  const info = await app.inject({
    method: 'GET',
    url: `/api/user_account/getUserInformation/?user_id=${userId}`,
    headers: bearer(token),
  });
  return { userId, token, email, password: SIGNUP_PASSWORD, uid: (info.json() as { user: { uid: number } }).user.uid };
}

/** A passport upload of valid images, the smallest complete verification form. */
export function kycForm(fields: Record<string, string> = { document_type: 'passport' }, files: MultipartFile[] = [
  { name: 'captured_selfie', filename: 'selfie.png', data: TINY_PNG },
  { name: 'front_captured_image', filename: 'front.png', data: TINY_PNG },
]) {
  return multipart(fields, files);
}

export function uploadKyc(app: App, user: { userId: string; token: string }, form = kycForm(), id = user.userId) {
  return app.inject({
    method: 'POST',
    url: `/api/user_account/upload-kyc/user=${id}`,
    headers: { ...bearer(user.token), ...form.headers },
    payload: form.payload,
  });
}

/** Verifies the user's identity the way production does: their upload, then the operator's approval. */
export async function verifyIdentity(app: App, user: { userId: string; token: string }): Promise<void> {
  const res = await uploadKyc(app, user);
  expect(res.statusCode, res.body).toBe(201);
  expect(await approveSubmission(app.services.db, user.userId, { by: 'operator', at: new Date() })).toBe(true);
}

/** Verifies `email` with the code mailed to it. */
export async function verifyEmail(app: App, email: string): Promise<void> {
  const otp = await latestCode(app, email);
  const res = await app.inject({ method: 'POST', url: '/api/user_account/verify-otp', payload: { email, otp } });
  expect(res.statusCode).toBe(200);
}

/** The newest 6-digit code mailed to `email`, read back through the dev outbox once mail sent after answers is out. */
export async function latestCode(app: App, email: string): Promise<string> {
  await app.services.background.idle();
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  const mails = res.json() as { text: string }[];
  const match = /\b(\d{6})\b/.exec(mails[0]?.text ?? '');
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export interface MultipartFile {
  name: string;
  filename: string;
  data: Buffer;
}

export function multipart(fields: Record<string, string>, files?: MultipartFile | MultipartFile[]) {
  const boundary = `----exchtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
  }
  for (const file of Array.isArray(files) ? files : files ? [files] : []) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
