import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditResponse } from '@exchange/contract';
import { rolesOf } from '../../src/modules/console/index.js';
import { manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { auditRows, admin, makeOperator, nextCode, type TestOperator } from './console-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('the operators’ audit log on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let chief: TestOperator;
  let colleague: SignedUpUser;

  const auditCount = () => auditRows(t.app);
  const change = (method: 'POST' | 'DELETE', body: Record<string, unknown>) => admin(t.app, chief.token, method, '/operators', body);

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    colleague = await signUpUser(t.app, 'colleague');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes a role change and its row together: who, role, action, target, before, after, reason, address', async () => {
    const res = await change('POST', { email: colleague.email, role: 'compliance', reason: 'new hire, ticket 12', totp_code: nextCode(clock, chief) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rolesOf(t.app.services.db, colleague.userId)).toEqual(['compliance']);
    const audit = (await admin(t.app, chief.token, 'GET', '/audit?action=operators.grant&target=colleague')).json() as AuditResponse;
    expect(audit.items[0]).toMatchObject({
      operator: chief.email,
      role: 'admin',
      action: 'operators.grant',
      target: `user:${colleague.userId} ${colleague.email}`,
      before: [],
      after: ['compliance'],
      reason: 'new hire, ticket 12',
      address: '127.0.0.1',
    });
  });

  it('leaves neither a change nor a row when the action fails: a wrong code, a role held already, the last admin', async () => {
    const before = await auditCount();
    const wrongCode = await change('POST', { email: colleague.email, role: 'treasury', reason: 'x', totp_code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    const held = await change('POST', { email: colleague.email, role: 'compliance', reason: 'again', totp_code: nextCode(clock, chief) });
    expect(held.statusCode).toBe(409);
    expect((held.json() as { message: string }).message).toContain('already has this role');
    const last = await change('DELETE', { email: chief.email, role: 'admin', reason: 'leaving', totp_code: nextCode(clock, chief) });
    expect(last.statusCode).toBe(409);
    expect((last.json() as { message: string }).message).toBe('The last administrator cannot lose the admin role');
    expect(await rolesOf(t.app.services.db, colleague.userId)).toEqual(['compliance']);
    expect(await auditCount()).toBe(before);
  });

  it('refuses to edit or delete a row, whoever asks the database', async () => {
    const db = t.app.services.db;
    await expect(db.query(`UPDATE operator_audit_log SET reason = 'edited'`)).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM operator_audit_log')).rejects.toThrow(/append-only/);
    const reasons = await db.query<{ reason: string | null }>('SELECT reason FROM operator_audit_log');
    expect(reasons.rows.map((r) => r.reason)).not.toContain('edited');
    expect(reasons.rows.length).toBeGreaterThan(0);
  });

  it('pages newest first and exports the filtered log as CSV with formulas defused', async () => {
    const revoke = await change('DELETE', { email: colleague.email, role: 'compliance', reason: '=HYPERLINK("http://evil")', totp_code: nextCode(clock, chief) });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const first = (await admin(t.app, chief.token, 'GET', '/audit?target=colleague&limit=1')).json() as AuditResponse;
    expect(first.items.map((i) => i.action)).toEqual(['operators.revoke']);
    expect(first.next_before_id).toBe(first.items[0]?.id);
    const second = (await admin(t.app, chief.token, 'GET', `/audit?target=colleague&limit=1&before_id=${first.next_before_id}`)).json() as AuditResponse;
    expect(second.items.map((i) => i.action)).toEqual(['operators.grant']);
    expect(second.next_before_id).toBeNull();

    const csv = await admin(t.app, chief.token, 'GET', '/audit.csv?target=colleague');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,at,operator,role,action,target,before,after,reason,address');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain('"operators.grant"');

    const bad = await admin(t.app, chief.token, 'GET', '/audit?since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toBe('The since date must be a date as YYYY-MM-DD');
  });
});
