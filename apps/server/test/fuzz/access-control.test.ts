import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { balancesOf } from '../../src/ledger/accounts.js';
import { bearer, signUpUser, startApp, type SignedUpUser, type TestApp, FEATURE_DB } from '../helpers.js';
import { routeTable, type RouteSpec } from './route-table.js';

/**
 * Every route the OpenAPI document marks as needing a user's token, from the same route table as
 * the fuzz test, so a new route is covered by being there: without a token it answers 401 and
 * changes nothing; with one user's token and another user's uid it answers no 2xx and changes
 * nothing of that other user's.
 */
describe('access control of every user route', () => {
  let t: TestApp;
  let owner: SignedUpUser;
  let intruder: SignedUpUser;
  let routes: RouteSpec[];

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    // Both verified all the way, so that only the uid check stands between the intruder and the owner.
    owner = await signUpUser(t.app, 'owner', { identity: true });
    intruder = await signUpUser(t.app, 'intruder', { identity: true });
    routes = routeTable(t.app.swagger()).filter((r) => r.bearer);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The route called for `uid`, every other parameter a plausible value, the apikey where the route reads it. */
  function request(route: RouteSpec, uid: number, token?: string) {
    let url = route.path;
    for (const name of route.pathParams) {
      const value = name === 'uid' ? String(uid) : name === 'id' ? owner.userId : '1';
      url = url.replace(`{${name}}`, encodeURIComponent(value));
    }
    const query = new URLSearchParams({ apikey: DEFAULT_API_KEY });
    if (route.queryParams.includes('uid')) query.set('uid', String(uid));
    if (route.queryParams.includes('user_id')) query.set('user_id', owner.userId);
    const body = route.bodyFields.length > 0 ? { apikey: DEFAULT_API_KEY, uid, user_id: owner.userId } : undefined;
    return t.app.inject({
      method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: `${url}?${query}`,
      headers: token ? bearer(token) : {},
      ...(body ? { payload: body } : {}),
    });
  }

  it('covers the user calls of every area', () => {
    const listed = routes.map((r) => `${r.method} ${r.path}`);
    for (const call of ['POST /api/user_account/upload-kyc/user={id}', 'POST /api/v1/orders', 'POST /api/v1/futures', 'POST /api/v1/conversions', 'GET /api/v1/deposit-address', 'GET /api/v1/user-futures/{uid}', 'GET /api/v1/futures/positions', 'GET /api/v1/futures/orders/open', 'DELETE /api/v1/futures/orders/{order_id}', 'DELETE /api/v1/futures/orders', 'GET /api/v1/futures/positions/history', 'GET /api/v1/futures/funding-history', 'POST /api/v1/submit-withdrawal', 'POST /api/v1/withdrawals/{id}/confirm', 'POST /api/v1/withdrawals/{id}/confirm-code', 'GET /api/v1/withdraw-addresses', 'POST /api/v1/earn/subscriptions', 'POST /api/v1/earn/positions/{id}/redeem', 'GET /api/v1/earn/positions', 'GET /api/v1/referrals', 'GET /api/v1/rewards', 'POST /api/user_account/security/totp/code', 'POST /api/user_account/security/totp/enable', 'GET /api/v1/idempotency-keys/{key}', 'GET /api/v1/balances/{uid}', 'GET /api/v1/deposit-wallet/{uid}', 'POST /api/v1/deposit-wallet', 'POST /api/v1/transfers', 'GET /api/v1/user-notifications', 'GET /api/v1/user-notifications/unread', 'POST /api/v1/user-notifications/{id}/read', 'POST /api/v1/user-notifications/read-all', 'GET /api/v1/chart-layouts', 'GET /api/v1/chart-layouts/{name}', 'PUT /api/v1/chart-layouts/{name}', 'DELETE /api/v1/chart-layouts/{name}', 'GET /api/v1/proof-of-reserves/my-proof', 'POST /api/v1/api-keys', 'GET /api/v1/api-keys', 'DELETE /api/v1/api-keys/{api_key}', 'GET /api/v1/futures/leverage', 'PUT /api/v1/futures/leverage', 'GET /api/v1/futures/position-mode', 'PUT /api/v1/futures/position-mode', 'POST /api/v1/futures/positions/{id}/margin', 'PUT /api/v1/futures/positions/{id}/tpsl', 'DELETE /api/v1/futures/positions/{id}/tpsl']) {
      expect(listed).toContain(call);
    }
  });

  it('answers 403 with a JSON message to a plain user on every /api/admin route', async () => {
    const admin = routes.filter((r) => r.path.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThanOrEqual(15);
    const open: string[] = [];
    for (const route of admin) {
      const url = route.path.replace('{id}', owner.userId).replace('{user_id}', owner.userId).replace('{index}', '0').replace('{instId}', 'BTC-USDT').replace('{tier}', 'level_1');
      // Every admin body's fields at once, each valid, so that only the guard stands between the user and the call.
      const body =
        route.bodyFields.length > 0
          ? { email: owner.email, role: 'admin', decision: 'approve', reason: 'access', totp_code: '123456', user_id: owner.userId, asset: 'USDT', wallet: 'spot', direction: 'credit', amount: '1', kind: 'spot', symbol: 'ZZZ', tick_size: '0.0001', lot_size: '0.1', min_size: '1', max_size: '10', maker_rate: '0.001', taker_rate: '0.002' }
          : undefined;
      const res = await t.app.inject({
        method: route.method as 'GET' | 'POST' | 'DELETE',
        url: route.queryParams.includes('q') ? `${url}?q=owner` : url,
        headers: bearer(intruder.token),
        ...(body ? { payload: body } : {}),
      });
      const message = res.statusCode === 403 ? (res.json() as { message?: string }).message : undefined;
      if (res.statusCode !== 403 || !message) open.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(open).toEqual([]);
  });

  it('answers 401 without a token and moves no money', async () => {
    const before = await balancesOf(t.app.services.db, owner.userId);
    const open: string[] = [];
    for (const route of routes) {
      const res = await request(route, owner.uid);
      // A request the schema refuses is refused before anything else looks at it: 400 is no leak either.
      if (res.statusCode !== 401 && res.statusCode !== 400) open.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(open).toEqual([]);
    expect(await balancesOf(t.app.services.db, owner.userId)).toEqual(before);
  });

  it('never answers 2xx for another user’s uid, and changes nothing of theirs', async () => {
    const before = await balancesOf(t.app.services.db, owner.userId);
    const leaks: string[] = [];
    for (const route of routes) {
      if (!route.pathParams.includes('uid') && !route.queryParams.includes('uid') && !route.bodyFields.includes('uid')) continue;
      const res = await request(route, owner.uid, intruder.token);
      if (res.statusCode < 400) leaks.push(`${route.method} ${route.path}: ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
    expect(await balancesOf(t.app.services.db, owner.userId)).toEqual(before);
  });
});
