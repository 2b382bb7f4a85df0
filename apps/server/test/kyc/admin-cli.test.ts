import { existsSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { adminSocketPath } from '../../src/admin/socket-server.js';
import { createPostgresDatabase, signUpUser, testConfig, uploadKyc } from '../helpers.js';
import { adminCommand } from '../admin-process.js';
import { futuresWallet, openPosition, toFutures } from '../futures/futures-helpers.js';
import { identityOf } from './kyc-helpers.js';

async function submittedUser(app: App) {
  const user = await signUpUser(app, 'cli');
  expect((await uploadKyc(app, user)).statusCode).toBe(201);
  return user;
}

// The command line's own process is console-cli.test.ts's: these run `adminCli` in this one.
describe('the admin command beside the server and without it', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('works on the embedded database through the running server’s socket, and on DATA_DIR itself once the server stops', async () => {
    const config = testConfig({ pgliteInMemory: false });
    cleanups.push(() => rmSync(config.dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: config.dataDir, DATABASE_URL: '' };
    const app = await buildApp(config);
    const user = await submittedUser(app);

    const live = await adminCommand(env, 'kyc', 'approve', user.email);
    expect(live.code, live.stderr).toBe(0);
    expect(live.stdout).toContain(`Approved the identity verification of ${user.email}.`);
    expect(await identityOf(app, user)).toBe('true');
    await app.close();
    expect(existsSync(adminSocketPath(config.dataDir))).toBe(false);

    // The data directory's own answer: the approval above was kept.
    const again = await adminCommand(env, 'kyc', 'approve', user.email);
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toContain('has no verification under review (identity status: true)');
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

    const rejected = await adminCommand({ DATABASE_URL: database.url }, 'kyc', 'reject', user.email, 'Blurred', 'photo');
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(await identityOf(app, user)).toBe('false');
    expect((await uploadKyc(app, user)).statusCode).toBe(201);

    const approved = await adminCommand({ DATABASE_URL: database.url }, 'kyc', 'approve', user.email);
    expect(approved.code, approved.stderr).toBe(0);
    const opened = await openPosition(app, user, order);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await futuresWallet(app, user.userId)).locked.toNumber()).toBeGreaterThan(0);
  }, 180_000);
});
