import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithdrawalDecisionResponse, adminWithdrawalsResponse, auditResponse, submitWithdrawalResponse } from '@exchange/contract';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { checkLedger } from '../../src/products.js';
import { manualClock, startApp, FEATURE_DB, type TestApp } from '../helpers.js';
import { balanceOf, submit, TRON_DESTINATION, withdrawals } from '../funds/withdraw-helpers.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';
import { auditRows, admin, makeOperator, nextCode, type TestOperator } from './console-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');

describe('the console’s withdrawals under review', () => {
  const clock = manualClock();
  let t: TestApp;
  let treasury: TestOperator;
  let compliance: TestOperator;
  let support: TestOperator;
  let chief: TestOperator;

  const auditCount = () => auditRows(t.app);
  const step = () => t.app.services.withdrawals.processor.step();

  /** A withdrawal of `amount` USDT of a fresh user's, above the review threshold: it waits for an operator. */
  async function inReview(amount: string): Promise<{ user: TestUser; id: string }> {
    const user = await newUser(t.app);
    const res = await submit(t.app, user, { wallet_id: 0, initial_amount: amount, network_id: trc20?.id ?? 0, address: TRON_DESTINATION, source: 'spot' });
    expect(res.statusCode, res.body).toBe(200);
    const { withdrawal } = submitWithdrawalResponse.parse(res.json());
    expect(withdrawal.status).toBe('review');
    return { user, id: withdrawal.id };
  }
  const decide = (op: TestOperator, id: string, body: Record<string, unknown>) =>
    admin(t.app, op.token, 'POST', `/withdrawals/${id}/decision`, { totp_code: nextCode(clock, op), ...body });

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now, withdrawals: { dailyLimitUsdt: '100000', reviewThresholdUsdt: '1000' } });
    treasury = await makeOperator(t.app, clock, ['treasury'], 'treasury');
    compliance = await makeOperator(t.app, clock, ['compliance'], 'compliance');
    support = await makeOperator(t.app, clock, ['support'], 'support');
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
  });
  afterAll(() => closeChecked(t));

  it('lists the withdrawals waiting for review, oldest first, to treasury and admin only', async () => {
    const a = await inReview('1500');
    const b = await inReview('1200');
    const page = adminWithdrawalsResponse.parse((await admin(t.app, treasury.token, 'GET', '/withdrawals?status=review')).json());
    const ids = page.items.map((w) => w.id);
    expect(ids.indexOf(a.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(page.items.find((w) => w.id === a.id)).toMatchObject({ email: a.user.email, amount: '1500', symbol: 'USDT', address: TRON_DESTINATION, status: 'review' });
    expect(adminWithdrawalsResponse.parse((await admin(t.app, chief.token, 'GET', '/withdrawals?limit=1')).json()).next_offset).toBe(1);
    expect((await admin(t.app, treasury.token, 'GET', '/withdrawals?status=unknown')).statusCode).toBe(400);
    for (const op of [support, compliance]) expect((await admin(t.app, op.token, 'GET', '/withdrawals')).statusCode).toBe(403);
  });

  it('approves with the authenticator code: audited, sent at the processor’s next step, the ledger clean', async () => {
    const { user, id } = await inReview('1300');
    const before = await auditCount();
    const wrong = await admin(t.app, treasury.token, 'POST', `/withdrawals/${id}/decision`, { decision: 'approve', reason: 'known customer', totp_code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(await auditCount()).toBe(before);

    const res = await decide(treasury, id, { decision: 'approve', reason: 'Known customer, source of funds on file' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminWithdrawalDecisionResponse.parse(res.json()).withdrawal).toMatchObject({ id, status: 'prepared' });
    expect(await auditCount()).toBe(before + 1);
    const audit = auditResponse.parse((await admin(t.app, chief.token, 'GET', `/audit?action=withdrawals.approve&target=${id}`)).json());
    expect(audit.items[0]).toMatchObject({
      operator: treasury.email,
      role: 'treasury',
      target: `withdrawal:${id}`,
      before: { status: 'review' },
      after: { status: 'prepared', amount: '1300', symbol: 'USDT', user_id: user.userId },
      reason: 'Known customer, source of funds on file',
    });

    await step();
    expect((await withdrawals(t.app, user)).find((w) => w.id === id)?.status).toBe('processing');
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('rejects with a reason the user reads; the hold comes back and the ledger stays clean', async () => {
    const { user, id } = await inReview('1100');
    expect(await balanceOf(t.app, user.userId, 'USDT', 'spot')).toMatchObject({ locked: '1100' });
    const res = await decide(chief, id, { decision: 'reject', reason: 'Destination flagged' });
    expect(res.statusCode, res.body).toBe(200);
    await step();
    expect((await withdrawals(t.app, user)).find((w) => w.id === id)).toMatchObject({ status: 'rejected', reason: 'Destination flagged' });
    expect(await balanceOf(t.app, user.userId, 'USDT', 'spot')).toMatchObject({ locked: '0' });
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('refuses a decision on a withdrawal no longer under review with 409 and no audit row', async () => {
    const { id } = await inReview('1050');
    expect((await decide(treasury, id, { decision: 'approve', reason: 'fine' })).statusCode).toBe(200);
    const before = await auditCount();
    for (const decision of ['approve', 'reject']) {
      const res = await decide(treasury, id, { decision, reason: 'again' });
      expect(res.statusCode, decision).toBe(409);
      expect(res.json()).toMatchObject({ message: expect.stringMatching(/no longer waiting/) });
    }
    expect(await auditCount()).toBe(before);
    expect((await decide(treasury, '00000000-0000-4000-8000-000000000000', { decision: 'approve', reason: 'none' })).statusCode).toBe(404);
  });

  it('lets neither compliance nor support decide', async () => {
    const { id } = await inReview('1020');
    for (const op of [compliance, support]) expect((await decide(op, id, { decision: 'approve', reason: 'not mine' })).statusCode).toBe(403);
    const list = adminWithdrawalsResponse.parse((await admin(t.app, treasury.token, 'GET', '/withdrawals?limit=100')).json());
    expect(list.items.find((w) => w.id === id)?.status).toBe('review');
  });
});
