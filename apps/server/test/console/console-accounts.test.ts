import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, errorCodes, frozenAccountText, type AdminAccountActionResponse, type AdminUserResponse, type AuditResponse } from '@exchange/contract';
import { bearer, manualClock, signUpUser, SIGNUP_PASSWORD, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { createRequest, mailedCode } from '../api-keys/api-key-helpers.js';
import { enableTotp, loginWith } from '../security/security-helpers.js';
import { cancelOrder, fund, placeOrder } from '../trading/trading-helpers.js';
import { submitUnconfirmed, TRON_DESTINATION } from '../funds/withdraw-helpers.js';
import { networks } from '../../src/modules/funds/index.js';
import { auditRows, admin, makeOperator, nextCode, type TestOperator } from './console-helpers.js';

const trc20Id = () => (networks.find((n) => n.code === 'TRC20') as { id: number }).id;

describe.each<DbKind>(['pglite', 'postgres'])('the console’s actions on a user’s account on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let support: TestOperator;
  let treasury: TestOperator;
  let user: SignedUpUser;

  const auditCount = () => auditRows(t.app);
  const act = (op: TestOperator, name: string, body: Record<string, unknown>, target = user) => admin(t.app, op.token, 'POST', `/users/${target.userId}/${name}`, body);
  const lastAudit = async (action: string) => ((await admin(t.app, (await chief()).token, 'GET', `/audit?action=${action}`)).json() as AuditResponse).items[0];
  let chiefOp: TestOperator | null = null;
  const chief = async () => (chiefOp ??= await makeOperator(t.app, clock, ['admin'], 'chief'));
  const transfer = (who: SignedUpUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/transfers',
      headers: bearer(who.token),
      payload: { apikey: DEFAULT_API_KEY, uid: who.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: '10' },
    });

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    support = await makeOperator(t.app, clock, ['support'], 'support');
    treasury = await makeOperator(t.app, clock, ['treasury'], 'treasury');
    user = await signUpUser(t.app, 'customer');
    await fund(t.app, user.userId, 'USDT', '1000');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('freezes an account: its open orders cancelled; trading, transfers, withdrawals and new keys refused in plain words; reads still work', async () => {
    const resting = await placeOrder(t.app, user, { order_type: 'buy', excecution_type: 'limit', price: '1000', amount: '0.01' });
    expect(resting.statusCode, resting.body).toBe(200);
    const orderId = String((resting.json() as { order_id?: string; id?: string }).order_id ?? (resting.json() as { id?: string }).id);
    expect((await act(support, 'freeze', { reason: '' })).statusCode).toBe(400);

    const res = await act(support, 'freeze', { reason: 'ticket 7: account takeover reported' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminAccountActionResponse).message).toBe('Account frozen: 1 open order cancelled');
    expect((res.json() as AdminAccountActionResponse).account).toMatchObject({ frozen: true, frozen_reason: 'ticket 7: account takeover reported', frozen_by: support.email });
    expect(await lastAudit('users.freeze')).toMatchObject({
      operator: support.email,
      role: 'support',
      target: `user:${user.userId} ${user.email}`,
      before: { frozen: false },
      after: { frozen: true },
      reason: 'ticket 7: account takeover reported',
    });

    for (const refused of [
      await transfer(user),
      await placeOrder(t.app, user, { order_type: 'buy', excecution_type: 'limit', price: '1000', amount: '0.01' }),
      await t.app.inject({ method: 'POST', url: `/api/v1/api-keys/email-code`, headers: bearer(user.token), payload: {} }),
      await submitUnconfirmed(t.app, user, { wallet_id: 0, initial_amount: '10', network_id: trc20Id(), address: TRON_DESTINATION, source: 'spot' }),
    ]) {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ message: frozenAccountText, code: errorCodes.accountFrozen });
    }
    const balances = await t.app.inject({ url: `/api/v1/balances/${user.uid}?apikey=${DEFAULT_API_KEY}`, headers: bearer(user.token) });
    expect(balances.statusCode).toBe(200);
    // The freeze cancelled the resting order already (console-freeze-orders.test.ts has the rest).
    expect((await cancelOrder(t.app, user, orderId)).statusCode).not.toBe(200);

    expect((await act(support, 'freeze', { reason: 'again' })).statusCode).toBe(409);
    const thaw = await act(support, 'unfreeze', { reason: 'ticket 7 closed: owner confirmed' });
    expect(thaw.statusCode, thaw.body).toBe(200);
    expect((thaw.json() as AdminAccountActionResponse).account.frozen).toBe(false);
    expect((await transfer(user)).statusCode).toBe(201);
  });

  it('refuses a role without the right (403) and leaves no audit row', async () => {
    const before = await auditCount();
    for (const name of ['freeze', 'end-sessions', 'unlock-login']) {
      const res = await act(treasury, name, { reason: 'not mine to do' });
      expect(res.statusCode, name).toBe(403);
    }
    expect((await act(treasury, 'reset-two-factor', { reason: 'x', totp_code: nextCode(clock, treasury) })).statusCode).toBe(403);
    expect(await auditCount()).toBe(before);
  });

  it('refuses an operator’s action on their own account', async () => {
    const res = await act(support, 'freeze', { reason: 'self' }, support);
    expect(res.statusCode).toBe(403);
  });

  it('ends every session of the user: the old token answers 401', async () => {
    const other = await signUpUser(t.app, 'sessions');
    expect((await admin(t.app, support.token, 'GET', `/users/${other.userId}`)).json()).toMatchObject({ account: { live_sessions: 1 } });
    const res = await act(support, 'end-sessions', { reason: 'ticket 9: lost phone' }, other);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminAccountActionResponse).account.live_sessions).toBe(0);
    expect((await t.app.inject({ url: `/api/v1/balances/${other.uid}?apikey=${DEFAULT_API_KEY}`, headers: bearer(other.token) })).statusCode).toBe(401);
    expect(await lastAudit('users.end-sessions')).toMatchObject({ before: { live_sessions: 1 }, after: { live_sessions: 0 }, reason: 'ticket 9: lost phone' });
  });

  it('unlocks a login lockout: the locked client signs in again', async () => {
    const locked = await signUpUser(t.app, 'locked');
    const from = { remoteAddress: '10.9.8.7' };
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user_account/login', payload: { email: locked.email, password: 'wrong-password-1' }, ...from });
      expect(res.statusCode).toBe(401);
    }
    const view = (await admin(t.app, support.token, 'GET', `/users/${locked.userId}`)).json() as AdminUserResponse;
    expect(view.account).toMatchObject({ login_failures: 10, login_locked: true });
    const refused = await t.app.inject({ method: 'POST', url: '/api/user_account/login', payload: { email: locked.email, password: SIGNUP_PASSWORD }, ...from });
    expect(refused.statusCode).toBe(429);

    const res = await act(support, 'unlock-login', { reason: 'ticket 11: owner verified by phone' }, locked);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminAccountActionResponse).account).toMatchObject({ login_failures: 0, login_locked: false });
    const again = await t.app.inject({ method: 'POST', url: '/api/user_account/login', payload: { email: locked.email, password: SIGNUP_PASSWORD }, ...from });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('resets the authenticator with the operator’s own code: withdrawals wait 24 hours, and a wrong code changes nothing', async () => {
    const lost = await signUpUser(t.app, 'lost-phone');
    await enableTotp(t.app, lost, clock.now().getTime());
    const before = await auditCount();
    expect((await act(support, 'reset-two-factor', { reason: 'ticket 12', totp_code: '000000' }, lost)).statusCode).toBe(400);
    expect((await act(support, 'reset-two-factor', { reason: 'ticket 12' }, lost)).statusCode).toBe(400);
    expect(await auditCount()).toBe(before);

    const res = await act(support, 'reset-two-factor', { reason: 'ticket 12: passport checked on video call', totp_code: nextCode(clock, support) }, lost);
    expect(res.statusCode, res.body).toBe(200);
    const account = (res.json() as AdminAccountActionResponse).account;
    expect(account.two_factor).toBe(false);
    expect(account.withdrawals_locked_until).not.toBeNull();
    expect((await loginWith(t.app, lost.email, SIGNUP_PASSWORD)).statusCode).toBe(200);
    expect(await lastAudit('users.reset-two-factor')).toMatchObject({ before: { two_factor: true }, after: { two_factor: false } });
    expect((await act(support, 'reset-two-factor', { reason: 'twice', totp_code: nextCode(clock, support) }, lost)).statusCode).toBe(409);
  });

  it('a frozen user cannot create an API key even with a valid mailed code', async () => {
    const keyUser = await signUpUser(t.app, 'keys');
    const code = await mailedCode(t.app, keyUser);
    expect((await act(support, 'freeze', { reason: 'ticket 13' }, keyUser)).statusCode).toBe(200);
    const res = await createRequest(t.app, keyUser, { email_code: code });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: errorCodes.accountFrozen });
  });
});
