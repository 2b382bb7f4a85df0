import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, errorCodes, serverMessages } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { checkLedger } from '../../src/products.js';
import { bearer, manualClock, signUpUser, startApp, verifyEmail, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { cancelOrder, insideSpread, placeOrder, spot } from '../trading/trading-helpers.js';
import { privateLogin, privateWsUrl } from './private-login.js';

function transfer(app: App, user: SignedUpUser) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/transfers',
    headers: bearer(user.token),
    payload: { apikey: DEFAULT_API_KEY, uid: user.uid, transfer_from: 'spot', transfer_to: 'futures', symbol: 'USDT', amount: '100' },
  });
}

function expectNotVerified(res: { statusCode: number; json(): unknown }): void {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ message: serverMessages.emailNotVerified, code: errorCodes.emailNotVerified });
}

async function count(app: App, sql: string, userId: string): Promise<number> {
  const res = await app.services.db.query<{ n: number }>(sql, [userId]);
  return res.rows[0]?.n ?? -1;
}

describe('email verification on the money calls', () => {
  // The clock stands still, so only the verification itself can refresh the cached session state.
  const clock = manualClock();
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = privateWsUrl(t.app);
  });
  afterAll(async () => {
    const breaches = await checkLedger(t.app.services.db);
    await t.close();
    expect(breaches).toEqual([]);
  });

  it('refuses orders, cancels, transfers and /ws/private before verification, writes nothing, and opens them after', async () => {
    const user = await signUpUser(t.app, 'unverified', { verified: false });
    const other = await signUpUser(t.app, 'verified');
    const price = insideSpread(t.app);
    const othersOrder = await placeOrder(t.app, other, { order_type: 'buy', price, amount: '0.001' });
    expect(othersOrder.statusCode).toBe(200);
    const othersOrderId = (othersOrder.json() as { order_id: string }).order_id;
    const usdtBefore = (await spot(t.app, user.userId))('USDT');

    expectNotVerified(await placeOrder(t.app, user, { order_type: 'buy', price, amount: '0.001' }));
    expectNotVerified(await cancelOrder(t.app, user, othersOrderId));
    expectNotVerified(await transfer(t.app, user));
    expect(await privateLogin(url, user.token)).toMatchObject({
      event: 'error',
      code: errorCodes.emailNotVerified,
      msg: serverMessages.emailNotVerified,
    });

    expect(await count(t.app, 'SELECT count(*)::int AS n FROM spot_orders WHERE user_id = $1', user.userId)).toBe(0);
    expect(await count(t.app, 'SELECT count(*)::int AS n FROM transfers WHERE user_id = $1', user.userId)).toBe(0);
    const usdtAfter = (await spot(t.app, user.userId))('USDT');
    expect(usdtAfter.available.toFixed()).toBe(usdtBefore.available.toFixed());
    expect(usdtAfter.locked.toFixed()).toBe('0');
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order-history/${other.uid}?apikey=${DEFAULT_API_KEY}`,
      headers: bearer(other.token),
    });
    expect(history.json()).toEqual([expect.objectContaining({ order_id: othersOrderId, status: 'pending' })]);

    await verifyEmail(t.app, user.email);

    const placed = await placeOrder(t.app, user, { order_type: 'buy', price, amount: '0.001' });
    expect(placed.statusCode).toBe(200);
    const cancelled = await cancelOrder(t.app, user, (placed.json() as { order_id: string }).order_id);
    expect(cancelled.statusCode).toBe(200);
    expect((await transfer(t.app, user)).statusCode).toBe(201);
    expect(await privateLogin(url, user.token)).toMatchObject({ event: 'login', code: '0' });
  });

  it('keeps the reads the sign-up wizard needs open to an unverified user', async () => {
    const user = await signUpUser(t.app, 'reader', { verified: false });
    for (const path of [
      `/api/user_account/getUserInformation/?user_id=${user.userId}`,
      `/api/user_account/get_wallet/user=${user.userId}`,
      `/api/v1/user-wallets/${user.uid}?apikey=${DEFAULT_API_KEY}`,
      `/api/v1/coin-balance/${user.uid}?symbol=USDT&apikey=${DEFAULT_API_KEY}`,
      `/api/v1/transfer-history/${user.uid}?apikey=${DEFAULT_API_KEY}`,
      `/api/v1/ledger-history/${user.uid}?apikey=${DEFAULT_API_KEY}`,
      `/api/v1/order-history/${user.uid}?apikey=${DEFAULT_API_KEY}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: bearer(user.token) });
      expect(res.statusCode, path).toBe(200);
    }
  });
});
