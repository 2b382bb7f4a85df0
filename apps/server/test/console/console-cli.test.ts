import { rmSync, statSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { adminSocketPath } from '../../src/admin/socket-server.js';
import { rolesOf } from '../../src/modules/console/index.js';
import { createPostgresDatabase, signUpUser, testConfig } from '../helpers.js';
import { adminCommand, adminProcess } from '../admin-process.js';

/**
 * `npm run admin -- operators …` beside a running server on either database: the first command in a
 * process of its own, as an operator runs it (main.ts), the others through the same `adminCli` in this one.
 */
describe('the operators commands', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('grant and list on PostgreSQL beside the running server, audited as the command line', async () => {
    const database = await createPostgresDatabase('schema');
    cleanups.push(database.drop);
    const config = testConfig({ databaseUrl: database.url });
    cleanups.push(() => rmSync(config.dataDir, { recursive: true, force: true }));
    const app = await buildApp(config);
    cleanups.push(() => app.close());
    const user = await signUpUser(app, 'first-admin');
    const env = { DATABASE_URL: database.url };

    const granted = await adminProcess(env, 'operators', 'grant', user.email.toUpperCase(), 'admin', 'first', 'administrator');
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toContain(`${user.email} is now admin`);
    expect(await rolesOf(app.services.db, user.userId)).toEqual(['admin']);

    const listed = await adminCommand(env, 'operators', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${user.email.replace(/\./g, '\\.')}\\tadmin\\tsince .* by cli:`));

    const twice = await adminCommand(env, 'operators', 'grant', user.email, 'admin');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('already has this role');
    const wrongRole = await adminCommand(env, 'operators', 'grant', user.email, 'root');
    expect(wrongRole.code).toBe(2);
    expect(wrongRole.stderr).toContain('The role must be one of support, compliance, treasury, admin, not root.');

    const audit = await app.services.db.query<{ operator: string; role: string; action: string; reason: string; after: unknown }>(
      `SELECT operator, role, action, reason, after FROM operator_audit_log WHERE target LIKE $1 ORDER BY id`,
      [`%${user.email}`],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ role: 'cli', action: 'operators.grant', reason: 'first administrator', after: ['admin'] });
    expect(audit.rows[0]?.operator).toMatch(/^cli:/);
  }, 180_000);

  it('grant, list and revoke on the embedded database through the running server’s socket (mode 0600)', async () => {
    const config = testConfig({ pgliteInMemory: false });
    cleanups.push(() => rmSync(config.dataDir, { recursive: true, force: true }));
    const app = await buildApp(config);
    cleanups.push(() => app.close());
    expect(statSync(adminSocketPath(config.dataDir)).mode & 0o777).toBe(0o600);
    const user = await signUpUser(app, 'support');
    const env = { DATA_DIR: config.dataDir, DATABASE_URL: '' };

    const granted = await adminCommand(env, 'operators', 'grant', user.email, 'support');
    expect(granted.code, granted.stderr).toBe(0);
    expect(await rolesOf(app.services.db, user.userId)).toEqual(['support']);
    const listed = await adminCommand(env, 'operators', 'list');
    expect(listed.stdout).toContain(`${user.email}\tsupport`);
    const revoked = await adminCommand(env, 'operators', 'revoke', user.email, 'support');
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(await rolesOf(app.services.db, user.userId)).toEqual([]);
    const unknown = await adminCommand(env, 'operators', 'grant', 'nobody@example.com', 'support');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user has this email: nobody@example.com');
  }, 180_000);
});
