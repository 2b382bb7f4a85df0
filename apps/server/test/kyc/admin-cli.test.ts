import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { createPostgresDatabase, signUpUser, testConfig, uploadKyc } from '../helpers.js';
import { futuresWallet, openPosition, toFutures } from '../futures/futures-helpers.js';
import { identityOf } from './kyc-helpers.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

/** `npm run admin -- <argv>` as an operator runs it: its own process, configured by the environment. */
async function adminProcess(env: Record<string, string>, ...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/admin/main.ts', ...argv], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function submittedUser(app: App) {
  const user = await signUpUser(app, 'cli');
  expect((await uploadKyc(app, user)).statusCode).toBe(201);
  return user;
}

describe('the admin command in its own process', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('works on the embedded database under DATA_DIR, and is refused while the server has it open', async () => {
    const config = testConfig({ pgliteInMemory: false });
    cleanups.push(() => rmSync(config.dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: config.dataDir, DATABASE_URL: '' };
    let app = await buildApp(config);
    const user = await submittedUser(app);

    const busy = await adminProcess(env, 'kyc', 'approve', user.email);
    expect(busy.code, busy.stderr).toBe(1);
    expect(busy.stderr).toContain('stop it first');
    expect(await identityOf(app, user)).toBe('pending');
    await app.close();

    const done = await adminProcess(env, 'kyc', 'approve', user.email);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Approved the identity verification of ${user.email}.`);

    app = await buildApp(config);
    try {
      expect(await identityOf(app, user)).toBe('true');
    } finally {
      await app.close();
    }
  }, 180_000);

  it('works on DATABASE_URL beside the running server, whose next futures call sees the approval', async () => {
    const database = await createPostgresDatabase('schema');
    cleanups.push(database.drop);
    const config = testConfig({ databaseUrl: database.url });
    cleanups.push(() => rmSync(config.dataDir, { recursive: true, force: true }));
    const app = await buildApp(config);
    cleanups.push(() => app.close());
    const user = await submittedUser(app);
    await toFutures(app, user, '100');
    const order = { side: 'long', amount: '0.001', order_type: 'limit', entry_price: '1000' } as const;
    expect((await openPosition(app, user, order)).statusCode).toBe(403);

    const rejected = await adminProcess({ DATABASE_URL: database.url }, 'kyc', 'reject', user.email, 'Blurred', 'photo');
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(await identityOf(app, user)).toBe('false');
    expect((await uploadKyc(app, user)).statusCode).toBe(201);

    const approved = await adminProcess({ DATABASE_URL: database.url }, 'kyc', 'approve', user.email);
    expect(approved.code, approved.stderr).toBe(0);
    const opened = await openPosition(app, user, order);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await futuresWallet(app, user.userId)).locked.toNumber()).toBeGreaterThan(0);
  }, 180_000);
});
