import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressBookResponse, codedMessageSchema, DEFAULT_API_KEY, errorResponse, fillMessage, serverMessages, submitWithdrawalResponse, withdrawLimitsResponse, withdrawMessages } from '@exchange/contract';
import { systemOwners } from '../../src/ledger/accounts.js';
import { hashPassword } from '../../src/modules/accounts/passwords.js';
import { replacePasswordHash } from '../../src/modules/accounts/queries.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { bearer, chainSimulator, latestCode, manualClock, otherCode, signUpUser, startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { checkLedger } from '../../src/products.js';
import { adminCommands } from '../../src/admin/commands.js';
import { runAdmin } from '../../src/admin/run.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';
import { balanceOf, confirmWithdrawal, submit, submitUnconfirmed, TRON_DESTINATION, withdrawals } from './withdraw-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');
const fee = trc20.coins.find((c) => c.symbol === 'USDT')?.withdraw_fee ?? '';

/** USDT's wallet_id: the coin id GET /coin-transaction lists for it. */
const USDT = 0;

describe('withdrawals', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now, withdrawals: { dailyLimitUsdt: '3000', reviewThresholdUsdt: '1000' } });
  });
  afterAll(() => closeChecked(t));

  /** Blocks go by on the simulated chains; the processor moves withdrawals on. */
  const advance = async (seconds: number) => {
    clock.advance(seconds * 1000);
    await t.app.services.withdrawals.processor.step();
  };
  const verifiedUser = () => newUser(t.app);
  const onchain = (amount: string, extra: Record<string, string> = {}) => ({
    wallet_id: USDT,
    initial_amount: amount,
    network_id: trc20.id,
    address: TRON_DESTINATION,
    source: 'spot',
    ...extra,
  });

  it('holds the amount, sends it, counts confirmations, and pays it out: fee to the fee account, the rest to the chain', async () => {
    const u = await verifiedUser();
    const feesBefore = await balanceOf(t.app, systemOwners.fees, 'USDT', 'spot');
    const res = await submit(t.app, u, onchain('100'));
    expect(res.statusCode, res.body).toBe(200);
    const answer = submitWithdrawalResponse.parse(res.json());
    expect(answer.message).toBe(withdrawMessages.submitted);
    expect(answer.withdrawal).toMatchObject({ status: 'prepared', amount: '100', fee, final_amount: String(100 - Number(fee)), network: 'TRC20' });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '9900', locked: '100' });

    await advance(1);
    const [sent] = await withdrawals(t.app, u);
    expect(sent?.status).toBe('processing');
    expect(sent?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    await advance(5);
    const [counting] = await withdrawals(t.app, u);
    expect(counting?.confirmations).toBeGreaterThan(0);
    expect(counting?.status).toBe('processing');

    await advance(trc20.confirmations);
    const [done] = await withdrawals(t.app, u);
    expect(done).toMatchObject({ status: 'completed', tx_hash: sent?.tx_hash });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '9900', locked: '0' });
    const feesAfter = await balanceOf(t.app, systemOwners.fees, 'USDT', 'spot');
    expect(Number(feesAfter.available) - Number(feesBefore.available)).toBeCloseTo(Number(fee), 12);
    await advance(30);
    expect((await withdrawals(t.app, u))[0]?.status).toBe('completed');
  });

  it('refuses each rule of spec 3 §5 with its message, and holds nothing', async () => {
    const u = await verifiedUser();
    const invalidAddress = { code: 'withdraw.invalidAddress', params: { network: trc20.name } } as const;
    const cases: [Record<string, string | number>, string, { code: string; params: Record<string, string> } | undefined][] = [
      [{ wallet_id: USDT, initial_amount: '10', network_id: trc20.id, source: 'spot' }, withdrawMessages.completeFields, undefined],
      [onchain('0'), withdrawMessages.invalidAmount, undefined],
      [onchain('abc'), withdrawMessages.invalidAmount, undefined],
      [onchain(fee), withdrawMessages.belowFee(fee, 'USDT'), { code: 'withdraw.belowFee', params: { fee, symbol: 'USDT' } }],
      [onchain('10001'), withdrawMessages.insufficient, undefined],
      [onchain('10', { address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8' }), withdrawMessages.invalidAddress(trc20.name), invalidAddress],
      [onchain('10', { address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' }), withdrawMessages.invalidAddress(trc20.name), invalidAddress],
      [onchain('10', { source: 'funding' }), withdrawMessages.insufficient, undefined],
    ];
    for (const [query, message, coded] of cases) {
      const res = await submit(t.app, u, query);
      expect(res.statusCode, `${JSON.stringify(query)}: ${res.body}`).toBe(400);
      const body = errorResponse.parse(res.json());
      expect(body.message).toBe(message);
      // A refusal with values carries its code and values for the web to translate; the English stays in message.
      expect(body.message_code === undefined ? undefined : { code: body.message_code, params: body.params }).toEqual(coded);
      if (coded) expect(fillMessage(codedMessageSchema.parse(coded).code, body.params as never)).toBe(message);
    }
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '10000', locked: '0' });
    expect(await withdrawals(t.app, u)).toEqual([]);
  });

  it('needs a verified identity', async () => {
    const u = await signUpUser(t.app, 'unverified');
    const res = await submit(t.app, u, onchain('10'));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(withdrawMessages.notVerified);
  });

  it('a failed payout gives the hold back', async () => {
    const u = await verifiedUser();
    expect((await submit(t.app, u, onchain('50'))).statusCode).toBe(200);
    chainSimulator(t.app).refuseNextPayout(trc20.id);
    await advance(1);
    await advance(3);
    const [failed] = await withdrawals(t.app, u);
    expect(failed).toMatchObject({ status: 'failed', reason: 'The transaction was reverted on chain' });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '10000', locked: '0' });
  });

  it('locks withdrawals for 24 hours after a password change, saying until when', async () => {
    const u = await verifiedUser();
    const at = clock.now();
    await t.app.services.db.tx(async (q) => replacePasswordHash(q, u.userId, await hashPassword('another-pass-9', t.app.services.config.passwordHashing), at));
    // The change ended every session up to its instant: the new login comes a second later.
    clock.advance(1000);
    const login = await t.app.inject({ method: 'POST', url: '/api/user_account/login', payload: { email: u.email, password: 'another-pass-9' } });
    const token = (login.json() as { jwt_token: string }).jwt_token;
    const again = { ...u, token };
    const res = await submit(t.app, again, onchain('10'));
    expect(res.statusCode).toBe(403);
    const until = new Date(at.getTime() + 24 * 3600 * 1000).toISOString();
    expect(res.json()).toMatchObject({ message: withdrawMessages.lockedUntil(until), message_code: 'withdraw.lockedUntil', params: { until } });
    const limits = withdrawLimitsResponse.parse(
      (await t.app.inject({ url: `/api/v1/withdraw-limits?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(token) })).json(),
    );
    expect(limits.locked_until).toBe(until);
    clock.advance(24 * 3600 * 1000 + 1000);
    const later = await t.app.inject({ method: 'POST', url: '/api/user_account/login', payload: { email: u.email, password: 'another-pass-9' } });
    const next = { ...u, token: (later.json() as { jwt_token: string }).jwt_token };
    expect((await submit(t.app, next, onchain('10'))).statusCode).toBe(200);
  });

  it('keeps to the daily limit in USDT value, counting what was withdrawn today', async () => {
    const u = await verifiedUser();
    for (let i = 0; i < 3; i++) expect((await submit(t.app, u, onchain('900'))).statusCode).toBe(200);
    const res = await submit(t.app, u, onchain('400'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: withdrawMessages.dailyLimit('3000', '300'), message_code: 'withdraw.dailyLimit', params: { limit: '3000', left: '300' } });
    expect((await submit(t.app, u, onchain('300'))).statusCode).toBe(200);
  });

  it('waits for an operator above the threshold; approved, it is sent; rejected, the hold is back', async () => {
    const u = await verifiedUser();
    const big = submitWithdrawalResponse.parse((await submit(t.app, u, onchain('1500'))).json()).withdrawal;
    const other = submitWithdrawalResponse.parse((await submit(t.app, u, onchain('1200'))).json()).withdrawal;
    expect([big.status, other.status]).toEqual(['review', 'review']);
    await advance(trc20.confirmations + 2);
    expect((await withdrawals(t.app, u)).map((w) => w.status)).toEqual(['review', 'review']);
    await t.app.services.withdrawals.service.approve(big.id);
    await t.app.services.withdrawals.service.reject(other.id, 'Destination flagged by compliance');
    await advance(1);
    await advance(trc20.confirmations + 1);
    const rows = await withdrawals(t.app, u);
    expect(rows.find((w) => w.id === big.id)?.status).toBe('completed');
    expect(rows.find((w) => w.id === other.id)).toMatchObject({ status: 'rejected', reason: 'Destination flagged by compliance' });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '8500', locked: '0' });
  });

  it('the user cancels a withdrawal not yet sent, not one already sent', async () => {
    const u = await verifiedUser();
    const w = submitWithdrawalResponse.parse((await submit(t.app, u, onchain('20'))).json()).withdrawal;
    const cancel = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/withdrawals/${id}/cancel`, headers: bearer(u.token), payload: { apikey: DEFAULT_API_KEY, uid: u.uid } });
    const res = await cancel(w.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '10000', locked: '0' });
    const sent = submitWithdrawalResponse.parse((await submit(t.app, u, onchain('20'))).json()).withdrawal;
    await advance(1);
    const late = await cancel(sent.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(withdrawMessages.notCancellable);
    const stranger = await verifiedUser();
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/v1/withdrawals/${sent.id}/cancel`,
      headers: bearer(stranger.token),
      payload: { apikey: DEFAULT_API_KEY, uid: stranger.uid },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('an internal withdrawal to another user by email or UID is one instant transfer to their funding wallet, without fee', async () => {
    const u = await verifiedUser();
    const friend: TestUser = await newUser(t.app);
    const byEmail = await submit(t.app, u, { wallet_id: USDT, initial_amount: '25', recipient: friend.email, source: 'spot' });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    expect(submitWithdrawalResponse.parse(byEmail.json()).withdrawal).toMatchObject({ status: 'completed', kind: 'internal', fee: '0', network: 'Internal' });
    expect((await submit(t.app, u, { wallet_id: USDT, initial_amount: '5', recipient: String(friend.uid), source: 'spot' })).statusCode).toBe(200);
    expect(await balanceOf(t.app, friend.userId, 'USDT', 'funding')).toEqual({ available: '30', locked: '0' });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '9970', locked: '0' });
    const nobody = await submit(t.app, u, { wallet_id: USDT, initial_amount: '5', recipient: 'nobody@example.com', source: 'spot' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(withdrawMessages.recipientNotFound);
    const self = await submit(t.app, u, { wallet_id: USDT, initial_amount: '5', recipient: u.email, source: 'spot' });
    expect(self.json().message).toBe(withdrawMessages.recipientSelf);
  });

  it('an Idempotency-Key makes a retried submit answer the first withdrawal', async () => {
    const u = await verifiedUser();
    const headers = { 'idempotency-key': 'withdraw-once-1' };
    const [a, b] = await Promise.all([submitUnconfirmed(t.app, u, onchain('10'), headers), submitUnconfirmed(t.app, u, onchain('10'), headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().withdrawal.id).toBe(b.json().withdrawal.id);
    expect(await withdrawals(t.app, u)).toHaveLength(1);
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '10000', locked: '0' });
    expect((await confirmWithdrawal(t.app, u, a.json().withdrawal.id)).statusCode).toBe(200);
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '9990', locked: '10' });
  });

  it('adds an address to the book only with the emailed code; "whitelist only" then refuses any other, and turning it off needs a code', async () => {
    const u = await verifiedUser();
    const body = (extra: Record<string, unknown>) => ({ apikey: DEFAULT_API_KEY, uid: u.uid, ...extra });
    const post = (url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: bearer(u.token), payload });
    const book = async () =>
      addressBookResponse.parse((await t.app.inject({ url: `/api/v1/withdraw-addresses?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(u.token) })).json());
    expect((await post('/api/v1/withdraw-addresses/code', body({}))).statusCode).toBe(200);
    const code = await latestCode(t.app, u.email);
    const entry = { label: 'My Ledger', network_id: trc20.id, address: TRON_DESTINATION };
    const wrong = await post('/api/v1/withdraw-addresses', body({ ...entry, code: otherCode(code) }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(serverMessages.codeInvalid);
    const invalid = await post('/api/v1/withdraw-addresses', body({ ...entry, address: 'TNotAnAddress', code }));
    expect(invalid.json().message).toBe(withdrawMessages.invalidAddress(trc20.name));
    const saved = await post('/api/v1/withdraw-addresses', body({ ...entry, code }));
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await book()).addresses).toMatchObject([{ label: 'My Ledger', network: 'TRC20', address: TRON_DESTINATION }]);

    expect((await post('/api/v1/withdraw-addresses/whitelist', body({ enabled: true }))).json()).toEqual({ whitelist_only: true });
    const other = await submit(t.app, u, onchain('10', { address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' }));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(withdrawMessages.whitelistOnly);
    expect((await submit(t.app, u, onchain('10'))).statusCode).toBe(200);
    const off = await post('/api/v1/withdraw-addresses/whitelist', body({ enabled: false }));
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe(withdrawMessages.codeRequired);
    clock.advance(61_000);
    await post('/api/v1/withdraw-addresses/code', body({}));
    const offCode = await latestCode(t.app, u.email);
    expect((await post('/api/v1/withdraw-addresses/whitelist', body({ enabled: false, code: offCode }))).json()).toEqual({ whitelist_only: false });
    const stranger = await verifiedUser();
    const theirs = await t.app.inject({ url: `/api/v1/withdraw-addresses?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(stranger.token) });
    expect(theirs.statusCode).toBe(403);
  });

  it('ledger:check finds a withdrawal marked completed that was never paid, and a hold taken from under one', async () => {
    const u = await verifiedUser();
    const w = submitWithdrawalResponse.parse((await submit(t.app, u, onchain('30'))).json()).withdrawal;
    await t.app.services.db.query(`UPDATE withdrawals SET status = 'completed' WHERE id = $1`, [w.id]);
    const rules = (await checkLedger(t.app.services.db)).map((b) => b.rule);
    expect(rules).toContain('withdrawals_match_holds');
    expect(rules).toContain('withdrawals_match_payouts');
    await t.app.services.db.query(`UPDATE withdrawals SET status = 'prepared' WHERE id = $1`, [w.id]);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('the operator lists, approves and rejects withdrawals above the threshold (npm run admin -- withdrawals ...)', async () => {
    const admin = async (...argv: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runAdmin(adminCommands, argv, async () => ({ db: t.app.services.db, now: clock.now }), { out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const u = await verifiedUser();
    const big = submitWithdrawalResponse.parse((await submit(t.app, u, onchain('1600'))).json()).withdrawal;
    const other = submitWithdrawalResponse.parse((await submit(t.app, u, onchain('1100'))).json()).withdrawal;
    const listed = await admin('withdrawals', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(big.id);
    expect(listed.out).toContain(other.id);

    expect((await admin('withdrawals', 'approve', big.id)).code).toBe(0);
    const rejected = await admin('withdrawals', 'reject', other.id, 'Source', 'of', 'funds', 'unclear');
    expect(rejected.code, rejected.err).toBe(0);
    expect((await admin('withdrawals', 'approve', other.id)).code).toBe(1);
    expect((await admin('withdrawals', 'approve', 'not-an-id')).code).toBe(2);

    await advance(1);
    await advance(trc20.confirmations + 1);
    const rows = await withdrawals(t.app, u);
    expect(rows.find((w) => w.id === big.id)?.status).toBe('completed');
    expect(rows.find((w) => w.id === other.id)).toMatchObject({ status: 'rejected', reason: 'Source of funds unclear' });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '8400', locked: '0' });
    expect((await admin('withdrawals', 'list')).out).toBe('No withdrawal is waiting for review.');
  });
});
