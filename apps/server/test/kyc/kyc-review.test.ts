import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, errorCodes, verificationMessages as m } from '@exchange/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { adminCommands } from '../../src/admin/commands.js';
import { runAdmin } from '../../src/admin/run.js';
import { bearer, manualClock, signUpUser, startApp, testConfig, uploadKyc, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { futuresWallet, openPosition, positions, toFutures } from '../futures/futures-helpers.js';
import { identityOf, verificationOf } from './kyc-helpers.js';
import { setFreeze } from '../../src/modules/accounts/index.js';
import { approveSubmission } from '../../src/modules/kyc/index.js';

/** Runs an operator command on the app's database; answers its exit code and what it printed. */
async function admin(t: TestApp, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(adminCommands, argv, async () => ({ db: t.app.services.db, now: () => new Date() }), {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function submitted(t: TestApp, tag: string): Promise<SignedUpUser> {
  const user = await signUpUser(t.app, tag);
  expect((await uploadKyc(t.app, user)).statusCode).toBe(201);
  return user;
}

describe('the operator review (npm run admin -- kyc approve|reject)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('approves a submission under review: the user is verified', async () => {
    const user = await submitted(t, 'review-ok');
    const done = await admin(t, 'kyc', 'approve', user.email.toUpperCase());
    expect(done).toMatchObject({ code: 0, out: `Approved the identity verification of ${user.email}.` });
    expect(await identityOf(t.app, user)).toBe('true');
    const status = await verificationOf(t.app, user);
    expect(status.body).toMatchObject({ is_verified: 'true', submission: { status: 'approved', rejection_reason: null } });
    // Nothing is under review any more.
    expect(await admin(t, 'kyc', 'approve', user.email)).toMatchObject({ code: 1, err: `${user.email} has no verification under review (identity status: true).` });
  });

  it('rejects with a reason the user reads, and lets them submit again', async () => {
    const user = await submitted(t, 'review-no');
    const done = await admin(t, 'kyc', 'reject', user.email, 'The', 'photo', 'is', 'blurred.');
    expect(done).toMatchObject({ code: 0 });
    expect(await identityOf(t.app, user)).toBe('false');
    expect((await verificationOf(t.app, user)).body).toMatchObject({
      is_verified: 'false',
      submission: { status: 'rejected', rejection_reason: 'The photo is blurred.' },
    });
    expect((await uploadKyc(t.app, user)).statusCode).toBe(201);
    expect((await verificationOf(t.app, user)).body).toMatchObject({ is_verified: 'pending', submission: { status: 'pending', rejection_reason: null } });
  });

  it('gives a rejection without a reason the default one', async () => {
    const user = await submitted(t, 'review-default');
    expect((await admin(t, 'kyc', 'reject', user.email)).code).toBe(0);
    expect((await verificationOf(t.app, user)).body).toMatchObject({ submission: { rejection_reason: m.defaultRejectionReason } });
  });

  it('refuses an unknown email, a user with nothing under review and a wrong command line', async () => {
    expect(await admin(t, 'kyc', 'approve', 'nobody@example.com')).toMatchObject({ code: 1, err: 'No user has the email nobody@example.com.' });
    const idle = await signUpUser(t.app, 'review-idle');
    expect(await admin(t, 'kyc', 'reject', idle.email, 'no')).toMatchObject({ code: 1 });
    expect(await identityOf(t.app, idle)).toBe('false');
    expect((await admin(t, 'kyc', 'approve')).code).toBe(2);
    expect((await admin(t, 'kyc', 'approve', 'a@example.com', 'b@example.com')).code).toBe(2);
    const unknown = await admin(t, 'kyc', 'promote', 'a@example.com');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('Unknown command: kyc promote');
    expect(unknown.err).toContain('npm run admin -- kyc approve <email>');
    expect((await admin(t)).code).toBe(2);
  });
});

describe('automatic approval on the embedded default', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { kycAutoApproveSeconds: 30, now: clock.now });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('approves a submission once it has waited the delay, not before', async () => {
    const user = await submitted(t, 'auto');
    const job = t.app.services.kyc.autoApproval;
    expect(job).not.toBeNull();
    clock.advance(29_000);
    expect(await job?.tick()).toEqual([]);
    expect(await identityOf(t.app, user)).toBe('pending');
    clock.advance(1_000);
    expect(await job?.tick()).toEqual([user.userId]);
    expect(await identityOf(t.app, user)).toBe('true');
    expect((await verificationOf(t.app, user)).body).toMatchObject({ submission: { status: 'approved' } });
  });

  it('leaves a frozen account’s submission to an operator, and approves it once the account is thawed', async () => {
    const user = await submitted(t, 'auto-frozen');
    const db = t.app.services.db;
    expect(await setFreeze(db, user.userId, { at: clock.now(), reason: 'Ticket 12: compliance question', by: 'chief@example.com' })).toBe(true);
    clock.advance(60_000);
    expect(await t.app.services.kyc.autoApproval?.tick()).toEqual([]);
    expect(await identityOf(t.app, user)).toBe('pending');
    expect(await setFreeze(db, user.userId, null)).toBe(true);
    expect(await t.app.services.kyc.autoApproval?.tick()).toEqual([user.userId]);
    expect(await identityOf(t.app, user)).toBe('true');
  });

  it('does not approve an account frozen after the due list was read', async () => {
    const user = await submitted(t, 'auto-late-freeze');
    clock.advance(60_000);
    expect(await setFreeze(t.app.services.db, user.userId, { at: clock.now(), reason: 'Ticket 13', by: 'chief@example.com' })).toBe(true);
    expect(await approveSubmission(t.app.services.db, user.userId, { by: 'auto', at: clock.now(), unlessFrozen: true })).toBe(false);
    expect(await identityOf(t.app, user)).toBe('pending');
    expect(await approveSubmission(t.app.services.db, user.userId, { by: 'compliance@example.com', at: clock.now() })).toBe(true);
    expect(await identityOf(t.app, user)).toBe('true');
  });

  it('is configured by KYC_AUTO_APPROVE_SECONDS: 30 s on the embedded default, off on PostgreSQL, 0 or off turns it off', () => {
    const seconds = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x', ...env }).kycAutoApproveSeconds;
    expect(seconds({})).toBe(30);
    expect(seconds({ DATABASE_URL: 'postgres://db/exchange' })).toBe(0);
    expect(seconds({ DATABASE_URL: 'postgres://db/exchange', KYC_AUTO_APPROVE_SECONDS: '5' })).toBe(5);
    expect(seconds({ KYC_AUTO_APPROVE_SECONDS: '0' })).toBe(0);
    expect(seconds({ KYC_AUTO_APPROVE_SECONDS: 'OFF' })).toBe(0);
    expect(() => seconds({ KYC_AUTO_APPROVE_SECONDS: '-1' })).toThrow(/KYC_AUTO_APPROVE_SECONDS/);
    expect(() => seconds({ KYC_AUTO_APPROVE_SECONDS: 'soon' })).toThrow(/KYC_AUTO_APPROVE_SECONDS/);
  });
});

describe('automatic approval across a restart', () => {
  const config = testConfig({ pgliteInMemory: false, kycAutoApproveSeconds: 30 });
  afterAll(() => rmSync(config.dataDir, { recursive: true, force: true }));

  it('approves on the first tick after the restart what was submitted before it', async () => {
    const clock = manualClock();
    let app = await buildApp({ ...config, now: clock.now });
    const t = { app, close: () => app.close() };
    const user = await submitted(t, 'restart');
    await app.close();
    clock.advance(60_000);
    app = await buildApp({ ...config, now: clock.now });
    try {
      expect(await app.services.kyc.autoApproval?.tick()).toEqual([user.userId]);
      expect(await identityOf(app, user)).toBe('true');
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('futures need a verified identity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses to open a position before approval, writing nothing, and opens it after', async () => {
    const user = await signUpUser(t.app, 'futures-kyc');
    await toFutures(t.app, user, '100');
    const wallet = await futuresWallet(t.app, user.userId);
    const order = { side: 'long', amount: '0.001', order_type: 'limit', entry_price: '1000' } as const;

    const refused = await openPosition(t.app, user, order);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: m.futuresIdentityRequired, code: errorCodes.identityNotVerified });
    expect(await positions(t.app, user)).toEqual([]);
    expect(await futuresWallet(t.app, user.userId)).toEqual(wallet);

    expect((await uploadKyc(t.app, user)).statusCode).toBe(201);
    expect((await openPosition(t.app, user, order)).statusCode).toBe(403);

    expect((await admin(t, 'kyc', 'approve', user.email)).code).toBe(0);
    const opened = await openPosition(t.app, user, order);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await positions(t.app, user)).toHaveLength(1);
  });

  it('lets the close call through without it: closing opens no risk', async () => {
    const user = await signUpUser(t.app, 'futures-close');
    const q = new URLSearchParams({
      apikey: DEFAULT_API_KEY,
      uid: String(user.uid),
      transaction_type: 'SELL SHORT',
      symbol: 'BTC',
      amount: '0.001',
      leverage: '20',
      side: 'long',
      order_type: 'market',
      position_action: 'close',
    });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/futures?${q}`, headers: bearer(user.token) });
    // Past the identity check, the handler finds nothing to close.
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { code: string }).code).toBe('NOTHING_TO_CLOSE');
  });
});
