import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, userNotification } from '@exchange/contract';
import { hashPassword } from '../../src/modules/accounts/passwords.js';
import { replacePasswordHash } from '../../src/modules/accounts/queries.js';
import { rejectSubmission } from '../../src/modules/kyc/review.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, manualClock, signUpUser, startApp, uploadKyc, type TestApp, FEATURE_DB } from '../helpers.js';
import { enableTotp, loginWith, post, appCode } from '../security/security-helpers.js';
import { closeChecked, fund, insideSpread, newUser, placeOrder, type TestUser } from '../trading/trading-helpers.js';
import { submit, TRON_DESTINATION } from '../funds/withdraw-helpers.js';
import { driveIndex, openOk, toFutures } from '../futures/futures-helpers.js';
import { WsClient, type WsMessage } from '../ws-client.js';
import { awaitNotification, codesOf, listOf } from './notification-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');

describe('a notification for each event of the user’s money and account', () => {
  let t: TestApp;
  let base: string;
  const clock = manualClock();
  const clients: WsClient[] = [];
  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await closeChecked(t);
  });

  const simulate = async (u: TestUser, amount: string) => {
    await t.app.inject({ url: `/api/v1/deposit-address?apikey=${DEFAULT_API_KEY}&uid=${u.uid}&network_id=${trc20.id}`, headers: bearer(u.token) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/simulated-chain/deposits',
      headers: bearer(u.token),
      payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: trc20.id, symbol: 'USDT', amount },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const confirmDeposits = async () => {
    for (let i = 0; i < trc20.confirmations + 2; i++) {
      clock.advance(1000);
      await t.app.services.deposits.step();
    }
  };

  it('a credited deposit, once, and one below the minimum as not credited; pushed to the owner’s socket only', async () => {
    const u = await newUser(t.app);
    const other = await newUser(t.app);
    const sockets = await Promise.all(
      [u, other].map(async (user) => {
        const c = await WsClient.open(`${base}/ws/private`);
        clients.push(c);
        c.send({ op: 'login', args: [{ token: user.token }] });
        await c.next((m) => typeof m === 'object' && m.event === 'login');
        c.send({ op: 'subscribe', args: [{ channel: 'notifications' }] });
        await c.next((m) => typeof m === 'object' && m.event === 'subscribe');
        return c;
      }),
    );
    await simulate(u, '250');
    await confirmDeposits();
    const pushed = (m: WsMessage) => typeof m === 'object' && 'data' in m && (m.arg as { channel: string }).channel === 'notifications';
    const row = userNotification.parse(((await sockets[0]!.next(pushed)) as { data: unknown[] }).data[0]);
    expect(row).toMatchObject({ code: 'deposit_credited', read: false, params: { symbol: 'USDT', amount: '250', network: 'TRC20' } });
    expect(await awaitNotification(t.app, u, 'deposit_credited')).toMatchObject({ id: row.id });

    const min = trc20.coins.find((c) => c.symbol === 'USDT')?.min_deposit ?? '1';
    await simulate(u, new Dec(min).div(2).toFixed());
    await confirmDeposits();
    expect(await awaitNotification(t.app, u, 'deposit_not_credited')).toMatchObject({ params: { symbol: 'USDT', network: 'TRC20' } });
    expect((await codesOf(t.app, u)).filter((c) => c === 'deposit_credited')).toHaveLength(1);
    expect(await codesOf(t.app, other)).not.toContain('deposit_credited');
  });

  it('a withdrawal’s changes of state', async () => {
    const u = await newUser(t.app);
    const res = await submit(t.app, u, { wallet_id: 0, initial_amount: '100', network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' });
    expect(res.statusCode, res.body).toBe(200);
    for (let i = 0; i < trc20.confirmations + 3; i++) {
      clock.advance(1000);
      await t.app.services.withdrawals.processor.step();
    }
    // The processing one is written first: wait for the completed one, which may come a moment later.
    const completed = await awaitNotification(t.app, u, 'withdrawal_status', (n) => 'status' in n.params && n.params.status === 'completed');
    expect(completed).toMatchObject({ params: { symbol: 'USDT', amount: '100', status: 'completed' } });
    const states = (await t.app.services.db.query<{ s: string }>("SELECT params->>'status' AS s FROM user_notifications WHERE user_id = $1 AND code = 'withdrawal_status' ORDER BY id", [u.userId])).rows.map((r) => r.s);
    expect(states).toEqual(['processing', 'completed']);
  });

  it('an order filled, and the other side’s order partly filled', async () => {
    const seller = await newUser(t.app);
    const buyer = await newUser(t.app);
    await fund(t.app, seller.userId, 'BTC', '1');
    const price = insideSpread(t.app);
    expect((await placeOrder(t.app, seller, { order_type: 'sell', price, amount: '0.01' })).statusCode).toBe(200);
    expect((await placeOrder(t.app, buyer, { order_type: 'buy', price, amount: '0.004' })).statusCode).toBe(200);
    expect(await awaitNotification(t.app, buyer, 'order_filled')).toMatchObject({ params: { side: 'buy', amount: '0.004', price: new Dec(price).toFixed() } });
    expect(await awaitNotification(t.app, seller, 'order_partially_filled')).toMatchObject({ params: { side: 'sell', filled: '0.004', amount: '0.01' } });
    expect((await placeOrder(t.app, buyer, { order_type: 'buy', price, amount: '0.006' })).statusCode).toBe(200);
    expect(await awaitNotification(t.app, seller, 'order_filled')).toMatchObject({ params: { side: 'sell', amount: '0.01' } });
  });

  it('a liquidated position', async () => {
    const futuresClock = { ms: t.app.services.market.now };
    await driveIndex(t.app, 'BTC', '60000', futuresClock);
    const u = await newUser(t.app);
    await toFutures(t.app, u, '200');
    await openOk(t.app, u, { side: 'long', amount: '0.1', leverage: 100 });
    await driveIndex(t.app, 'BTC', '59000', futuresClock, 1);
    expect(await awaitNotification(t.app, u, 'position_liquidated')).toMatchObject({ params: { instId: 'BTC-USDT-SWAP', side: 'long' } });
  });

  it('identity verification approved or rejected', async () => {
    const approved = await signUpUser(t.app, 'kyc-ok', { identity: true });
    expect(await codesOf(t.app, approved)).toContain('identity_approved');
    const rejected = await signUpUser(t.app, 'kyc-no');
    expect((await uploadKyc(t.app, rejected)).statusCode).toBe(201);
    expect(await rejectSubmission(t.app.services.db, rejected.userId, 'Blurred photo', { by: 'operator', at: clock.now() })).toBe(true);
    expect(await codesOf(t.app, rejected)).toEqual(['identity_rejected']);
  });

  it('a login from a new device, not from a known one', async () => {
    const u = await signUpUser(t.app, 'device');
    const known = await loginWith(t.app, u.email, u.password);
    expect(known.statusCode, known.body).toBe(200);
    expect(await codesOf(t.app, u)).toEqual([]);
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/user_account/login',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1' },
      payload: { email: u.email, password: u.password },
    });
    expect(phone.statusCode, phone.body).toBe(200);
    const [note] = (await listOf(t.app, u)).items;
    expect(note).toMatchObject({ code: 'new_device_login', params: { device: 'Safari 17 on iOS' } });
  });

  it('the authenticator turned on and off, and the password changed', async () => {
    const u = await signUpUser(t.app, 'secure');
    const { secret } = await enableTotp(t.app, u, clock.now().getTime());
    clock.advance(31_000);
    const off = await post(t.app, u, '/totp/disable', { totp_code: appCode(secret, clock.now().getTime()) });
    expect(off.statusCode, off.body).toBe(200);
    await t.app.services.db.tx(async (q) => replacePasswordHash(q, u.userId, await hashPassword('another-pass-9', t.app.services.config.passwordHashing), clock.now()));
    // The change ended every session up to its instant: the new login (from the known device) comes a second later.
    clock.advance(1000);
    const login = await loginWith(t.app, u.email, 'another-pass-9');
    expect(login.statusCode, login.body).toBe(200);
    const again = { ...u, token: (login.json() as { jwt_token: string }).jwt_token };
    expect(await codesOf(t.app, again)).toEqual(['password_changed', 'authenticator_disabled', 'authenticator_enabled']);
  });
});
