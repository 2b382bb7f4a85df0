import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, ROLE_RIGHTS, type OperatorRight, type OperatorRole } from '@exchange/contract';
import { grantRole } from '../../src/modules/console/index.js';
import { bearer, manualClock, signUpUser, startApp, FEATURE_DB, type SignedUpUser, type TestApp } from '../helpers.js';
import { admin, makeOperator, type TestOperator } from './console-helpers.js';

/** Each /api/admin route and the right it needs; the table also lists them against the OpenAPI document. */
const ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string; right: OperatorRight }[] = [
  { method: 'GET', path: '/me', right: 'console.open' },
  { method: 'GET', path: '/summary', right: 'console.open' },
  { method: 'GET', path: '/users?q=example', right: 'users.read' },
  { method: 'GET', path: '/users/{id}', right: 'users.read' },
  { method: 'GET', path: '/operators', right: 'operators.read' },
  { method: 'POST', path: '/operators', right: 'operators.manage' },
  { method: 'DELETE', path: '/operators', right: 'operators.manage' },
  { method: 'GET', path: '/audit', right: 'audit.read' },
  { method: 'GET', path: '/audit.csv', right: 'audit.export' },
  { method: 'GET', path: '/kyc?status=pending', right: 'kyc.review' },
  { method: 'GET', path: '/kyc/{user_id}', right: 'kyc.review' },
  { method: 'GET', path: '/kyc/{user_id}/documents/{index}', right: 'kyc.review' },
  { method: 'POST', path: '/kyc/{user_id}/decision', right: 'kyc.review' },
  { method: 'GET', path: '/withdrawals?status=review', right: 'withdrawals.review' },
  { method: 'POST', path: '/withdrawals/{id}/decision', right: 'withdrawals.review' },
  { method: 'GET', path: '/deposits?status=failing', right: 'deposits.review' },
  { method: 'POST', path: '/deposits/{id}/credit', right: 'deposits.review' },
  { method: 'POST', path: '/deposits/{id}/refuse', right: 'deposits.review' },
  { method: 'POST', path: '/users/{id}/freeze', right: 'users.freeze' },
  { method: 'POST', path: '/users/{id}/unfreeze', right: 'users.freeze' },
  { method: 'POST', path: '/users/{id}/end-sessions', right: 'users.security' },
  { method: 'POST', path: '/users/{id}/unlock-login', right: 'users.security' },
  { method: 'POST', path: '/users/{id}/reset-two-factor', right: 'users.security' },
  { method: 'GET', path: '/finance', right: 'finance.read' },
  { method: 'POST', path: '/ledger-check', right: 'ledger.check' },
  { method: 'GET', path: '/markets', right: 'markets.read' },
  // Halt before resume: the admin's pass halts the market and resumes it.
  { method: 'POST', path: '/markets/{instId}/halt', right: 'markets.manage' },
  { method: 'POST', path: '/markets/{instId}/resume', right: 'markets.manage' },
  { method: 'GET', path: '/markets/listings', right: 'markets.read' },
  { method: 'POST', path: '/markets/listings', right: 'markets.manage' },
  { method: 'GET', path: '/fees', right: 'markets.read' },
  { method: 'PUT', path: '/fees/{tier}', right: 'markets.manage' },
  { method: 'GET', path: '/adjustments?status=pending', right: 'adjustments.propose' },
  { method: 'POST', path: '/adjustments', right: 'adjustments.propose' },
  { method: 'POST', path: '/adjustments/{id}/approve', right: 'adjustments.approve' },
  { method: 'POST', path: '/adjustments/{id}/reject', right: 'adjustments.propose' },
  { method: 'GET', path: '/announcements', right: 'content.manage' },
  { method: 'POST', path: '/announcements', right: 'content.manage' },
  { method: 'POST', path: '/announcements/preview', right: 'content.manage' },
  { method: 'PUT', path: '/announcements/{id}', right: 'content.manage' },
  { method: 'POST', path: '/announcements/{id}/publish', right: 'content.manage' },
  { method: 'POST', path: '/announcements/{id}/unpublish', right: 'content.manage' },
  { method: 'GET', path: '/campaigns', right: 'content.manage' },
  { method: 'POST', path: '/campaigns', right: 'content.manage' },
  { method: 'PUT', path: '/campaigns/{id}', right: 'content.manage' },
  { method: 'POST', path: '/campaigns/{id}/publish', right: 'content.manage' },
  { method: 'POST', path: '/campaigns/{id}/unpublish', right: 'content.manage' },
];

describe('the operator console’s access matrix', () => {
  const clock = manualClock();
  let t: TestApp;
  let user: SignedUpUser;
  let noAuthenticator: SignedUpUser;
  const byRole = new Map<OperatorRole, TestOperator>();

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    user = await signUpUser(t.app, 'plain');
    noAuthenticator = await signUpUser(t.app, 'no-totp');
    await grantRole(t.app.services.db, noAuthenticator.email, 'admin', { operator: 'cli:test', role: 'cli', at: clock.now() });
    for (const role of OPERATOR_ROLES) byRole.set(role, await makeOperator(t.app, clock, [role], role));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The call with a body that passes the schema but a wrong code: only the guard decides whether it gets past 403. */
  function call(token: string | null, route: (typeof ROUTES)[number]) {
    const path = route.path.replace('{id}', user.userId).replace('{user_id}', user.userId).replace('{index}', '0').replace('{instId}', 'BTC-USDT').replace('{tier}', 'level_1');
    const body =
      route.method === 'GET'
        ? undefined
        : {
            email: user.email,
            role: 'support',
            decision: 'approve',
            reason: 'matrix',
            totp_code: '000000',
            user_id: user.userId,
            asset: 'USDT',
            wallet: 'spot',
            direction: 'credit',
            amount: '1',
            // A coin no catalogue has: an administrator's call is refused past the guard (400) instead of
            // listing a coin in this worker's process-wide catalogue, which the files after it share.
            ...{ kind: 'spot', symbol: 'ZZZ', tick_size: '0.0001', lot_size: '0.1', min_size: '1', max_size: '10' },
            ...{ maker_rate: '0.001', taker_rate: '0.002' },
          };
    return admin(t.app, token, route.method, path, body);
  }

  it('lists every /api/admin route of the OpenAPI document', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const tabled = ROUTES.map((r) => `${r.method} /api/admin${r.path.replace(/\?.*/, '')}`);
    expect(served.sort()).toEqual(tabled.sort());
  });

  it('answers 401 without a session and 403 with a JSON message to a plain user and to an operator without the authenticator', async () => {
    for (const route of ROUTES) {
      expect((await call(null, route)).statusCode, route.path).toBe(401);
      for (const [who, message] of [
        [user, /operators only/],
        [noAuthenticator, /authenticator app/],
      ] as const) {
        const res = await call(who.token, route);
        expect(res.statusCode, `${route.method} ${route.path}`).toBe(403);
        expect((res.json() as { message: string }).message).toMatch(message);
      }
    }
  });

  it('lets each role through only where its rights reach (a wrong code is 400 past the guard)', async () => {
    const wrong: string[] = [];
    for (const role of OPERATOR_ROLES) {
      const op = byRole.get(role) as TestOperator;
      for (const route of ROUTES) {
        const res = await call(op.token, route);
        const allowed = ROLE_RIGHTS[role].includes(route.right);
        const passed = res.statusCode !== 403 && res.statusCode !== 401;
        if (allowed !== passed || (passed && res.statusCode >= 500)) wrong.push(`${role} ${route.method} ${route.path}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows identity documents to compliance and admin, never to support or treasury', async () => {
    for (const role of OPERATOR_ROLES) {
      const res = await admin(t.app, (byRole.get(role) as TestOperator).token, 'GET', `/users/${user.userId}`);
      expect(res.statusCode).toBe(200);
      const documents = (res.json() as { verification: { documents: unknown } }).verification.documents;
      if (ROLE_RIGHTS[role].includes('users.documents')) expect(documents).toEqual([]);
      else expect(documents).toBeNull();
    }
  });

  it('tells each signed-in user their own roles for the header’s console entry: none to a plain user, 401 without a session', async () => {
    // Fresh users: the earlier sessions, used by the matrix under a moving clock, had expired by here.
    const own = (token: string | null) => t.app.inject({ method: 'GET', url: '/api/user_account/operator-roles', headers: token ? bearer(token) : {} });
    expect((await own(null)).statusCode).toBe(401);
    const plain = await signUpUser(t.app, 'plain-roles');
    expect((await own(plain.token)).json()).toEqual({ roles: [] });
    const both = await signUpUser(t.app, 'two-roles');
    for (const role of ['treasury', 'support'] as const) await grantRole(t.app.services.db, both.email, role, { operator: 'cli:test', role: 'cli', at: clock.now() });
    expect((await own(both.token)).json()).toEqual({ roles: ['support', 'treasury'] });
  });
});
