import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminKycDecisionResponse, adminKycResponse, adminKycSubmissionResponse, auditResponse } from '@exchange/contract';
import { identityStatusOf } from '../../src/modules/kyc/index.js';
import { manualClock, signUpUser, startApp, uploadKyc, FEATURE_DB, type SignedUpUser, type TestApp } from '../helpers.js';
import { auditRows, admin, makeOperator, type TestOperator } from './console-helpers.js';

describe('the console’s identity verification queue', () => {
  const clock = manualClock();
  let t: TestApp;
  let compliance: TestOperator;
  let support: TestOperator;
  let treasury: TestOperator;
  let chief: TestOperator;

  const auditCount = () => auditRows(t.app);
  const notified = async (userId: string) =>
    (await t.app.services.db.query<{ code: string }>('SELECT code FROM user_notifications WHERE user_id = $1 ORDER BY created_at', [userId])).rows.map((r) => r.code);

  /** A user who has just sent their documents: their verification waits for review. */
  async function pendingUser(tag: string): Promise<SignedUpUser> {
    const user = await signUpUser(t.app, tag);
    const res = await uploadKyc(t.app, user);
    expect(res.statusCode, res.body).toBe(201);
    return user;
  }
  const decide = (op: TestOperator, userId: string, body: Record<string, unknown>) => admin(t.app, op.token, 'POST', `/kyc/${userId}/decision`, body);

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    compliance = await makeOperator(t.app, clock, ['compliance'], 'compliance');
    support = await makeOperator(t.app, clock, ['support'], 'support');
    treasury = await makeOperator(t.app, clock, ['treasury'], 'treasury');
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the pending verifications oldest first, in bounded pages, to compliance and admin only', async () => {
    const first = await pendingUser('kyc-first');
    clock.advance(1000);
    const second = await pendingUser('kyc-second');
    const page = adminKycResponse.parse((await admin(t.app, compliance.token, 'GET', '/kyc?status=pending&limit=100')).json());
    const ids = page.items.map((r) => r.user_id);
    expect(ids.indexOf(first.userId)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.userId)).toBeLessThan(ids.indexOf(second.userId));
    expect(page.items.find((r) => r.user_id === first.userId)).toMatchObject({ email: first.email, status: 'pending', document_type: 'passport' });

    const one = adminKycResponse.parse((await admin(t.app, chief.token, 'GET', '/kyc?limit=1')).json());
    expect(one.items).toHaveLength(1);
    expect(one.next_offset).toBe(1);
    expect((await admin(t.app, compliance.token, 'GET', '/kyc?limit=101')).statusCode).toBe(400);

    for (const op of [support, treasury]) expect((await admin(t.app, op.token, 'GET', '/kyc')).statusCode).toBe(403);
  });

  it('shows the submission and serves its documents to compliance, never to support', async () => {
    const user = await pendingUser('kyc-docs');
    const res = await admin(t.app, compliance.token, 'GET', `/kyc/${user.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(adminKycSubmissionResponse.parse(res.json())).toMatchObject({ user_id: user.userId, status: 'pending', documents: 2 });

    const image = await admin(t.app, compliance.token, 'GET', `/kyc/${user.userId}/documents/0`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await admin(t.app, compliance.token, 'GET', `/kyc/${user.userId}/documents/2`)).statusCode).toBe(404);

    for (const path of [`/kyc/${user.userId}`, `/kyc/${user.userId}/documents/0`]) {
      const refused = await admin(t.app, support.token, 'GET', path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.body).not.toContain('PNG');
    }
  });

  it('approves with the review function of the command line: verified, notified, audited with its reason', async () => {
    const user = await pendingUser('kyc-approve');
    const before = await auditCount();
    const res = await decide(compliance, user.userId, { decision: 'approve', reason: 'Passport matches the selfie' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminKycDecisionResponse.parse(res.json()).submission).toMatchObject({ status: 'approved', reviewed_by: compliance.email });
    expect(await identityStatusOf(t.app.services.db, user.userId)).toBe('true');
    expect(await notified(user.userId)).toContain('identity_approved');
    expect(await auditCount()).toBe(before + 1);
    const audit = auditResponse.parse((await admin(t.app, chief.token, 'GET', `/audit?action=kyc.approve&target=${user.userId}`)).json());
    expect(audit.items[0]).toMatchObject({
      operator: compliance.email,
      role: 'compliance',
      action: 'kyc.approve',
      target: `user:${user.userId} ${user.email}`,
      before: { identity_status: 'pending' },
      after: { identity_status: 'true' },
      reason: 'Passport matches the selfie',
      address: '127.0.0.1',
    });
  });

  it('rejects with a reason the user reads, and refuses a second decision with 409 and no audit row', async () => {
    const user = await pendingUser('kyc-reject');
    const reason = 'The photo of the passport is blurred';
    expect((await decide(chief, user.userId, { decision: 'reject', reason })).statusCode).toBe(200);
    expect(await identityStatusOf(t.app.services.db, user.userId)).toBe('false');
    expect(await notified(user.userId)).toContain('identity_rejected');
    const status = await t.app.inject({ url: `/api/user_account/verification/user=${user.userId}`, headers: { authorization: `Bearer ${user.token}` } });
    expect(status.json()).toMatchObject({ submission: { status: 'rejected', rejection_reason: reason } });

    const before = await auditCount();
    const again = await decide(compliance, user.userId, { decision: 'approve', reason: 'second look' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: expect.stringMatching(/no longer waiting/) });
    expect(await identityStatusOf(t.app.services.db, user.userId)).toBe('false');
    expect(await auditCount()).toBe(before);
  });

  it('lets neither support nor treasury decide, and names the field a bad body lacks', async () => {
    const user = await pendingUser('kyc-refused');
    for (const op of [support, treasury]) {
      const res = await decide(op, user.userId, { decision: 'approve', reason: 'not mine to decide' });
      expect(res.statusCode).toBe(403);
    }
    expect(await identityStatusOf(t.app.services.db, user.userId)).toBe('pending');
    const noReason = await decide(compliance, user.userId, { decision: 'approve' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ message: expect.stringMatching(/reason/i) });
    const unknown = await signUpUser(t.app, 'kyc-none');
    expect((await decide(compliance, unknown.userId, { decision: 'approve', reason: 'nothing sent' })).statusCode).toBe(404);
  });
});
