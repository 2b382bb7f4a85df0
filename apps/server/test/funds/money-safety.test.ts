import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amountLimitMessages,
  coinTransactionResponse,
  DEFAULT_API_KEY,
  depositHistoryResponse,
  fundsMessages,
  submitWithdrawalResponse,
  WITHDRAWAL_CONFIRM_MAX_ATTEMPTS,
  withdrawMessages,
} from '@exchange/contract';
import type { App } from '../../src/app.js';
import { adminCommands } from '../../src/admin/commands.js';
import type { AdminContext } from '../../src/admin/command.js';
import { runAdmin } from '../../src/admin/run.js';
import { loadConfig } from '../../src/config.js';
import { balancesOf } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/products.js';
import { testAddressKeys } from '../../src/modules/funds/addresses/address-keys.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, chainSimulator, latestCode, manualClock, otherCode, startApp, type TestApp } from '../helpers.js';
import { toFutures } from '../futures/futures-helpers.js';
import { closeChecked, newUser, placeOrder, type TestUser } from '../trading/trading-helpers.js';
import { balanceOf, confirmWithdrawal, submit, submitUnconfirmed, TRON_DESTINATION, withdrawals } from './withdraw-helpers.js';

const trc20 = networkByCode('TRC20');
const btc = networkByCode('BTC');
const erc20 = networkByCode('ERC20');
if (!trc20 || !btc || !erc20) throw new Error('a network is missing');

function simulate(app: App, u: TestUser, amount: string, symbol = 'USDT', networkId = trc20?.id ?? 0) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/simulated-chain/deposits',
    headers: bearer(u.token),
    payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: networkId, symbol, amount },
  });
}

async function deposits(app: App, u: TestUser) {
  const res = await app.inject({ url: `/api/v1/transaction-history/${u.uid}?apikey=${DEFAULT_API_KEY}&transaction_type=deposit`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return depositHistoryResponse.parse(res.json());
}

async function funding(app: App, userId: string, asset: string): Promise<string> {
  const row = (await balancesOf(app.services.db, userId)).find((b) => b.asset === asset && b.wallet === 'funding');
  return new Dec(row?.available ?? '0').toFixed();
}

const USDT_MAX = '1,000,000,000,000';
const aboveUsdtMax = amountLimitMessages.aboveMaximum(USDT_MAX, 'USDT');

describe('issue 14 #1: simulated chains are an operator’s choice', () => {
  it('are on by default only on the embedded database; with DATABASE_URL only when asked for by name', () => {
    const mode = (env: Record<string, string>) => loadConfig({ JWT_SECRET: 'x', ...env }).simulatedChains;
    expect(mode({})).toBe('on');
    expect(mode({ DATABASE_URL: 'postgres://db/x' })).toBe('off');
    expect(mode({ DATABASE_URL: 'postgres://db/x', SIMULATED_CHAINS: 'operator' })).toBe('operator');
    expect(mode({ DATABASE_URL: 'postgres://db/x', SIMULATED_CHAINS: 'ON' })).toBe('on');
    expect(mode({ SIMULATED_CHAINS: 'off' })).toBe('off');
    expect(() => mode({ SIMULATED_CHAINS: 'maybe' })).toThrow(/SIMULATED_CHAINS must be one of on, operator, off/);
  });

  describe('with DATABASE_URL and no opt-in', () => {
    let t: TestApp;
    let u: TestUser;
    beforeAll(async () => {
      t = await startApp('postgres', { simulatedChains: loadConfig({ JWT_SECRET: 'x', DATABASE_URL: 'postgres://db/x' }).simulatedChains });
      u = await newUser(t.app);
    });
    afterAll(() => closeChecked(t));

    it('has no simulate-deposit route, no network open without a real chain, and no simulator', async () => {
      const res = await simulate(t.app, u, '1000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).not.toBe(fundsMessages.simulatorOnly);
      expect(await funding(t.app, u.userId, 'USDT')).toBe('0');
      expect(t.app.services.chains).toBeNull();
      const coins = coinTransactionResponse.parse(
        (await t.app.inject({ url: `/api/v1/coin-transaction?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&transaction_type=deposit`, headers: bearer(u.token) })).json(),
      );
      expect(coins).toEqual([]);
      const address = await t.app.inject({ url: `/api/v1/deposit-address?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&network_id=${trc20.id}`, headers: bearer(u.token) });
      expect(address.statusCode).toBe(404);
      expect(address.json()).toMatchObject({ code: 'NETWORK_CLOSED', message: fundsMessages.networkClosed('TRC20'), message_code: 'deposit.networkClosed', params: { network: 'TRC20' } });
      const withdrawal = await submitUnconfirmed(t.app, u, { wallet_id: 0, initial_amount: '10', network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' });
      expect(withdrawal.statusCode).toBe(503);
    });

    it('refuses the operator’s test deposit too', async () => {
      const out: string[] = [];
      const code = await runAdmin(adminCommands, ['deposits', 'simulate', u.email, 'TRC20', 'USDT', '10'], async () => ({ db: t.app.services.db, now: () => new Date(), chains: { mode: 'off', networkIds: [], blockMs: 1000, keys: testAddressKeys() } }), {
        out: (l) => out.push(l),
        err: (l) => out.push(l),
      });
      expect(code).toBe(1);
      expect(out.join('\n')).toMatch(/SIMULATED_CHAINS=off/);
    });
  });

  describe('with SIMULATED_CHAINS=operator', () => {
    let t: TestApp;
    let u: TestUser;
    const clock = manualClock();
    beforeAll(async () => {
      t = await startApp('postgres', { simulatedChains: 'operator', now: clock.now });
      u = await newUser(t.app);
    });
    afterAll(() => closeChecked(t));

    it('has no user route, and the operator’s test deposit is credited and written to the audit log with it', async () => {
      expect((await simulate(t.app, u, '10')).statusCode).toBe(404);
      const chains = chainSimulator(t.app);
      const ctx = async (): Promise<AdminContext> => ({
        db: t.app.services.db,
        now: clock.now,
        operator: 'cli:tester@test',
        chains: { mode: 'operator', networkIds: chains.networkIds, blockMs: chains.blockMs, keys: testAddressKeys() },
      });
      const out: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => out.push(l) };
      expect(await runAdmin(adminCommands, ['deposits', 'simulate', u.email, 'TRC20', 'USDT', '25', 'support', 'ticket', '42'], ctx, io), out.join('\n')).toBe(0);
      expect(await runAdmin(adminCommands, ['deposits', 'simulate', u.email, 'TRC20', 'USDT', '2000000000000'], ctx, io)).toBe(1);
      expect(out.at(-1)).toBe(aboveUsdtMax);
      clock.advance((trc20.confirmations + 1) * chains.blockMs);
      await t.app.services.deposits.step();
      clock.advance(chains.blockMs);
      await t.app.services.deposits.step();
      expect(await funding(t.app, u.userId, 'USDT')).toBe('25');
      const audit = await t.app.services.db.query<{ operator: string; action: string; target: string; reason: string; after: { amount: string } }>(
        'SELECT operator, action, target, reason, after FROM operator_audit_log',
      );
      expect(audit.rows).toEqual([
        expect.objectContaining({ operator: 'cli:tester@test', action: 'deposits.simulate', target: `user ${u.email}`, reason: 'support ticket 42', after: expect.objectContaining({ amount: '25' }) }),
      ]);
      // Nobody rewrites the log, not even the application's own role.
      await expect(t.app.services.db.query('DELETE FROM operator_audit_log')).rejects.toThrow(/append-only/);
      await expect(t.app.services.db.query(`UPDATE operator_audit_log SET reason = 'none'`)).rejects.toThrow(/append-only/);
    });
  });
});

describe('issue 14 #2 to #4 on PostgreSQL', () => {
  let t: TestApp;
  const clock = manualClock();
  const blockMs = 1000;
  beforeAll(async () => {
    t = await startApp('postgres', { now: clock.now, withdrawals: { dailyLimitUsdt: '1000000', reviewThresholdUsdt: '1000000' } });
  });
  afterAll(() => closeChecked(t));

  const confirmed = async (network = trc20) => {
    clock.advance((network.confirmations + 1) * blockMs);
    await t.app.services.deposits.step();
  };

  it('#2: a deposit above the asset’s maximum is recorded and refused, and the next user’s deposit is credited', async () => {
    const poisoner = await newUser(t.app);
    const next = await newUser(t.app);
    const poisonerAddress = await t.app.inject({ url: `/api/v1/deposit-address?apikey=${DEFAULT_API_KEY}&uid=${poisoner.uid}&network_id=${trc20.id}`, headers: bearer(poisoner.token) });
    // The chain reports what it likes: the poison comes from the chain, not through the route's checks.
    const { address } = poisonerAddress.json() as { address: string };
    await chainSimulator(t.app).send(trc20.id, address, null, 'USDT', new Dec('999999999999999999'), clock.now().getTime());
    expect((await simulate(t.app, next, '100')).statusCode).toBe(200);
    await confirmed();
    await confirmed();
    const [poison] = await deposits(t.app, poisoner);
    expect(poison).toMatchObject({ status: 'rejected', reason: fundsMessages.depositAboveMaximum(USDT_MAX, 'USDT') });
    expect(await funding(t.app, poisoner.userId, 'USDT')).toBe('0');
    expect((await deposits(t.app, next))[0]).toMatchObject({ status: 'credited' });
    expect(await funding(t.app, next.userId, 'USDT')).toBe('100');
    // After a restart of the watcher's state the network goes on too.
    expect((await simulate(t.app, next, '5')).statusCode).toBe(200);
    await confirmed();
    expect(await funding(t.app, next.userId, 'USDT')).toBe('105');
  });

  it('#2: a credit that fails is retried with back-off, shown to the operator, and holds up no one', async () => {
    const stuck = await newUser(t.app);
    const other = await newUser(t.app);
    expect((await simulate(t.app, stuck, '40')).statusCode).toBe(200);
    clock.advance(blockMs);
    await t.app.services.deposits.step();
    const [seen] = await deposits(t.app, stuck);
    // The database refuses to mark this one deposit credited, as a broken constraint or a bug would.
    await t.app.services.db.query(`CREATE FUNCTION refuse_one_deposit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.id = '${seen?.id}' AND NEW.status = 'credited' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`);
    await t.app.services.db.query('CREATE TRIGGER refuse_one_deposit BEFORE UPDATE ON deposits FOR EACH ROW EXECUTE FUNCTION refuse_one_deposit()');
    try {
      expect((await simulate(t.app, other, '60')).statusCode).toBe(200);
      await confirmed();
      await confirmed();
      expect(await funding(t.app, other.userId, 'USDT')).toBe('60');
      expect(await funding(t.app, stuck.userId, 'USDT')).toBe('0');
      const failing = await t.app.services.db.query<{ credit_attempts: number; next_attempt_at: Date; last_error: string }>(
        'SELECT credit_attempts, next_attempt_at, last_error FROM deposits WHERE id = $1',
        [seen?.id ?? ''],
      );
      const row = failing.rows[0];
      expect(row?.credit_attempts).toBeGreaterThanOrEqual(1);
      expect(new Date(row?.next_attempt_at ?? 0).getTime()).toBeGreaterThan(clock.now().getTime());
      const out: string[] = [];
      await runAdmin(adminCommands, ['deposits', 'failing'], async () => ({ db: t.app.services.db, now: clock.now }), { out: (l) => out.push(l), err: (l) => out.push(l) });
      expect(out.join('\n')).toContain(seen?.id);
    } finally {
      await t.app.services.db.query('DROP TRIGGER refuse_one_deposit ON deposits');
      await t.app.services.db.query('DROP FUNCTION refuse_one_deposit()');
    }
    // The back-off after two failures is seconds; a minute later the credit goes through.
    clock.advance(60_000);
    await t.app.services.deposits.step();
    expect(await funding(t.app, stuck.userId, 'USDT')).toBe('40');
    expect((await deposits(t.app, stuck))[0]).toMatchObject({ status: 'credited' });
  });

  it('#2: every money route refuses an amount above the asset’s maximum, naming it', async () => {
    const u = await newUser(t.app);
    const big = '2000000000000';
    const refusals: [string, Promise<{ statusCode: number; json: () => { message: string } }>][] = [
      ['deposit', simulate(t.app, u, big)],
      ['withdrawal', submitUnconfirmed(t.app, u, { wallet_id: 0, initial_amount: big, network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' })],
      [
        'transfer',
        t.app.inject({
          method: 'POST',
          url: '/api/v1/transfers',
          headers: bearer(u.token),
          payload: { apikey: DEFAULT_API_KEY, uid: u.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: big },
        }),
      ],
      ['market buy total', placeOrder(t.app, u, { order_type: 'buy', excecution_type: 'market', amount: '0.001', total_in_usdt: big })],
      ['convert quote', t.app.inject({ url: `/api/v1/convert/quote?apikey=${DEFAULT_API_KEY}&from=USDT&to=BTC&amount=${big}` })],
      [
        'conversion',
        t.app.inject({
          method: 'POST',
          url: '/api/v1/conversions',
          headers: bearer(u.token),
          payload: { apikey: DEFAULT_API_KEY, uid: u.uid, convert_from: 'USDT', convert_to: 'BTC', amount: big, converted_amount: '1' },
        }),
      ],
      [
        'earn subscription',
        t.app.inject({
          method: 'POST',
          url: '/api/v1/earn/subscriptions',
          headers: bearer(u.token),
          payload: { apikey: DEFAULT_API_KEY, uid: u.uid, product_id: 'USDT-FLEX', amount: big, source: 'spot' },
        }),
      ],
    ];
    for (const [route, pending] of refusals) {
      const res = await pending;
      expect(res.statusCode, route).toBe(400);
      expect(res.json().message, route).toBe(aboveUsdtMax);
    }
    const btcMax = amountLimitMessages.aboveMaximum('100,000,000', 'BTC');
    const spotOrder = await placeOrder(t.app, u, { order_type: 'sell', excecution_type: 'limit', price: '100000', amount: '200000000' });
    expect(spotOrder.json().message).toBe(btcMax);
    await toFutures(t.app, u, '100');
    const futures = await t.app.inject({
      method: 'POST',
      url: `/api/v1/futures?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&transaction_type=BUY%20MORE&symbol=BTC&amount=200000000&leverage=20&side=long&order_type=market&margin_mode=isolated`,
      headers: bearer(u.token),
    });
    expect(futures.statusCode).toBe(400);
    expect(futures.json().message).toBe(btcMax);
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '9900', locked: '0' });
  });

  it('#3: "whitelist only" covers internal recipients until they are in the address book', async () => {
    const u = await newUser(t.app);
    const friend = await newUser(t.app);
    const post = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: bearer(u.token), payload: { apikey: DEFAULT_API_KEY, uid: u.uid, ...payload } });
    expect((await post('/api/v1/withdraw-addresses/whitelist', { enabled: true })).json()).toEqual({ whitelist_only: true });
    const internal = { wallet_id: 0, initial_amount: '15', recipient: friend.email, source: 'spot' };
    const refused = await submitUnconfirmed(t.app, u, internal);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'WHITELIST_ONLY', message: withdrawMessages.whitelistOnlyInternal });
    await post('/api/v1/withdraw-addresses/code', {});
    const saved = await post('/api/v1/withdraw-addresses', { label: 'Friend', recipient: String(friend.uid), code: await latestCode(t.app, u.email) });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().address).toMatchObject({ kind: 'internal', network: 'Internal', network_id: null, address: String(friend.uid) });
    // Saved by UID, sent by email: the book knows the user, not the spelling.
    const sent = await submit(t.app, u, internal);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await funding(t.app, friend.userId, 'USDT')).toBe('15');
  });

  it('#3: refuses burn and zero addresses, and more decimals than the token has on the network', async () => {
    const u = await newUser(t.app);
    const cases: [Record<string, string | number>, string][] = [
      [{ network_id: erc20.id, address: '0x0000000000000000000000000000000000000000' }, withdrawMessages.burnAddress],
      [{ network_id: erc20.id, address: '0x000000000000000000000000000000000000dEaD' }, withdrawMessages.burnAddress],
      [{ network_id: trc20.id, address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb' }, withdrawMessages.burnAddress],
      [{ network_id: trc20.id, address: TRON_DESTINATION, initial_amount: '10.000000000000000001' }, amountLimitMessages.tooManyDecimals('USDT', 'TRC20', 6)],
      [{ network_id: trc20.id, address: TRON_DESTINATION, initial_amount: '10.0000001' }, amountLimitMessages.tooManyDecimals('USDT', 'TRC20', 6)],
    ];
    for (const [extra, message] of cases) {
      const res = await submitUnconfirmed(t.app, u, { wallet_id: 0, initial_amount: '10', source: 'spot', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const btcBurn = await submitUnconfirmed(t.app, u, { wallet_id: 1, initial_amount: '0.01', network_id: btc.id, address: '1111111111111111111114oLvT2', source: 'spot' });
    expect(btcBurn.json().message).toBe(withdrawMessages.burnAddress);
    const six = await submitUnconfirmed(t.app, u, { wallet_id: 0, initial_amount: '10.000001', network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' });
    expect(six.statusCode, six.body).toBe(201);
  });

  it('#4: nothing is held before the emailed code; a wrong code is refused; the right one holds and sends', async () => {
    const u = await newUser(t.app);
    const first = await submitUnconfirmed(t.app, u, { wallet_id: 0, initial_amount: '70', network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' });
    expect(first.statusCode, first.body).toBe(201);
    const { message, withdrawal } = submitWithdrawalResponse.parse(first.json());
    expect(message).toBe(withdrawMessages.confirmSent);
    expect(withdrawal.status).toBe('unconfirmed');
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '10000', locked: '0' });
    const code = await latestCode(t.app, u.email);
    const mail = (await t.app.inject({ url: `/api/dev/outbox?to=${encodeURIComponent(u.email)}` })).json()[0] as { subject: string; text: string };
    expect(mail.subject).toContain('70 USDT');
    expect(mail.text).toContain(TRON_DESTINATION);
    expect(mail.text).toContain('Received: 69 USDT');

    const processed = async () => {
      clock.advance(blockMs);
      await t.app.services.withdrawals.processor.step();
    };
    await processed();
    expect((await withdrawals(t.app, u))[0]?.status).toBe('unconfirmed');

    const wrong = await confirmWithdrawal(t.app, u, withdrawal.id, undefined, otherCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CODE_INVALID', message: withdrawMessages.confirmCodeWrong });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '10000', locked: '0' });

    const stranger = await newUser(t.app);
    const theirs = await t.app.inject({
      method: 'POST',
      url: `/api/v1/withdrawals/${withdrawal.id}/confirm`,
      headers: bearer(stranger.token),
      payload: { apikey: DEFAULT_API_KEY, uid: stranger.uid, email_code: code },
    });
    expect(theirs.statusCode).toBe(404);

    const right = await confirmWithdrawal(t.app, u, withdrawal.id, undefined, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(submitWithdrawalResponse.parse(right.json())).toMatchObject({ message: withdrawMessages.submitted, withdrawal: { id: withdrawal.id, status: 'prepared' } });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '9930', locked: '70' });
    const again = await confirmWithdrawal(t.app, u, withdrawal.id, undefined, code);
    expect(again.statusCode).toBe(409);

    await processed();
    clock.advance((trc20.confirmations + 1) * blockMs);
    await t.app.services.withdrawals.processor.step();
    expect((await withdrawals(t.app, u))[0]).toMatchObject({ id: withdrawal.id, status: 'completed' });
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '9930', locked: '0' });
  });

  it('#4: a withdrawal left unconfirmed expires, and one guessed at too often is cancelled; neither ever held', async () => {
    const u = await newUser(t.app);
    const query = { wallet_id: 0, initial_amount: '20', network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' };
    const late = submitWithdrawalResponse.parse((await submitUnconfirmed(t.app, u, query)).json()).withdrawal;
    const lateCode = await latestCode(t.app, u.email);
    clock.advance(16 * 60_000);
    await t.app.services.withdrawals.processor.step();
    expect((await withdrawals(t.app, u)).find((w) => w.id === late.id)?.status).toBe('expired');
    expect((await confirmWithdrawal(t.app, u, late.id, undefined, lateCode)).statusCode).toBe(409);

    const guessed = submitWithdrawalResponse.parse((await submitUnconfirmed(t.app, u, query)).json()).withdrawal;
    const code = await latestCode(t.app, u.email);
    for (let i = 1; i < WITHDRAWAL_CONFIRM_MAX_ATTEMPTS; i++) expect((await confirmWithdrawal(t.app, u, guessed.id, undefined, otherCode(code))).json().code).toBe('CODE_INVALID');
    const last = await confirmWithdrawal(t.app, u, guessed.id, undefined, otherCode(code));
    expect(last.json()).toMatchObject({ code: 'CONFIRMATION_LOCKED', message: withdrawMessages.confirmTooManyAttempts });
    expect((await confirmWithdrawal(t.app, u, guessed.id, undefined, code)).statusCode).toBe(409);
    expect((await withdrawals(t.app, u)).find((w) => w.id === guessed.id)).toMatchObject({ status: 'cancelled', reason: withdrawMessages.confirmTooManyAttempts });

    const resent = submitWithdrawalResponse.parse((await submitUnconfirmed(t.app, u, query)).json()).withdrawal;
    const resend = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/withdrawals/${resent.id}/confirm-code`, headers: bearer(u.token), payload: { apikey: DEFAULT_API_KEY, uid: u.uid } });
    const tooSoon = await resend();
    expect(tooSoon.statusCode).toBe(429);
    const oldCode = await latestCode(t.app, u.email);
    clock.advance(61_000);
    expect((await resend()).statusCode).toBe(200);
    const newCode = await latestCode(t.app, u.email);
    if (newCode !== oldCode) expect((await confirmWithdrawal(t.app, u, resent.id, undefined, oldCode)).statusCode).toBe(400);
    expect((await confirmWithdrawal(t.app, u, resent.id, undefined, newCode)).statusCode).toBe(200);
    expect(await balanceOf(t.app, u.userId, 'USDT', 'spot')).toEqual({ available: '9980', locked: '20' });
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
