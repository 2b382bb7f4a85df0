import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import type { App } from '../../src/app.js';
import { bearer, latestCode, startApp, uniqueEmail, verifyIdentity, type DbKind, type TestApp } from '../helpers.js';
import { RequestArbitraries, type FuzzRequest, type FuzzUser } from './http-requests.js';
import { routeTable } from './route-table.js';

/**
 * Every route of the OpenAPI document gets malformed paths, queries, headers and bodies, with and
 * without a signed-up user's token and apikey. No answer may be a 5xx, a 4xx must change no balance
 * and say what is wrong in plain words, the server keeps answering, and the ledger holds at the end.
 */

const SEED = 1105;
/**
 * Requests per route and mode. Halved on 2026-11-30: with 200-odd routes the file had become a
 * quarter of the server project's time (395 s of 1,600), and each route's answers repeat its few
 * refusals long before the hundredth request.
 */
const BUDGET: Record<DbKind, { withAuth: number; anonymous: number }> = {
  pglite: { withAuth: 50, anonymous: 12 },
  postgres: { withAuth: 10, anonymous: 3 },
};

/** Zod's default English and regular expressions: what a 4xx message must never show. */
const NOT_PLAIN = [/Invalid (string|input|option)/i, /expected .* received/i, /must match pattern/i, /\/\^/, /\$\//];

// The route table comes from a running server's OpenAPI document, so a new route joins the fuzz by
// being registered. That PGlite server is the one the PGlite run fuzzes.
const pglite = await startApp('pglite');
const routes = routeTable(pglite.app.swagger());
afterAll(async () => {
  await pglite.close();
});

const PASSWORD = 'fuzz-pass-1234';

async function fuzzUser(app: App): Promise<FuzzUser> {
  const email = uniqueEmail('fuzz');
  const signup = await app.inject({
    method: 'POST',
    url: '/api/user_account/signup',
    payload: { email, password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(signup.statusCode).toBe(201);
  const { user_id: userId, token } = signup.json() as { user_id: string; token: string };
  const otp = await latestCode(app, email);
  const verified = await app.inject({ method: 'POST', url: '/api/user_account/verify-otp', payload: { email, otp } });
  expect(verified.statusCode).toBe(200);
  // Opening futures needs a verified identity: the fuzz reaches the handlers behind that check.
  await verifyIdentity(app, { userId, token });
  const info = await app.inject({
    method: 'GET',
    url: `/api/user_account/getUserInformation/?user_id=${userId}`,
    headers: bearer(token),
  });
  return { userId, token, email, password: PASSWORD, uid: (info.json() as { user: { uid: number } }).user.uid };
}

/**
 * What a 4xx may not change: the journal, the holds and the fuzz user's balances. An account opened
 * at zero (a refused order may open the coin's account) is no balance change.
 */
async function ledgerState(app: App, userId: string): Promise<unknown> {
  const res = await app.services.db.query(
    `SELECT (SELECT count(*) FROM journal_entries)::int AS entries,
            (SELECT count(*) FROM holds)::int AS holds,
            (SELECT string_agg(asset || ' ' || wallet || ' ' || available::text || ' ' || locked::text, '; '
                               ORDER BY asset, wallet)
             FROM ledger_accounts WHERE owner = $1 AND (available <> 0 OR locked <> 0)) AS balances`,
    [userId],
  );
  return res.rows[0];
}

function plainMessageProblem(res: { headers: Record<string, unknown>; body: string }): string | undefined {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return 'the answer is not JSON';
  const body = JSON.parse(res.body) as { message?: unknown; errmsg?: unknown; msg?: unknown };
  // The UDF calls keep their protocol's error shape, {s: 'error', errmsg}; OKX v5's signed calls theirs, {code, msg, data}.
  const message = body.message ?? body.errmsg ?? body.msg;
  if (typeof message !== 'string' || message.trim() === '') return 'the answer has no message';
  if (NOT_PLAIN.some((p) => p.test(message))) return `the message is not plain words: ${message}`;
  return undefined;
}

/** Raw bytes that never reach a route: Node's and Fastify's parsers must refuse them with a 4xx. */
const RAW_REQUESTS = [
  'GARBAGE\r\n\r\n',
  'GET /api/v1/status HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
  `GET /api/v1/status HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  'POST /api/user_account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
  'POST /api/user_account/login HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  'POST /api/user_account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
];

/** Writes `raw`, half-closes, and resolves with whatever the server sent before closing. */
function rawExchange(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.end(raw, 'latin1');
  });
}

describe('the route table', () => {
  it('lists the calls of every area, each with its method', () => {
    const listed = routes.map((r) => `${r.method} ${r.path}`);
    for (const call of [
      'POST /api/user_account/signup',
      'POST /api/user_account/edit_profile/user={id}',
      'POST /api/user_account/upload-kyc/user={id}',
      'GET /api/user_account/verification/user={id}',
      'GET /api/v5/market/books',
      'GET /api/v5/public/instruments',
      'GET /api/v5/market/tickers',
      'GET /api/v5/market/candles',
      'GET /api/v5/public/funding-rate-history',
      'GET /api/v1/udf/history',
      'POST /api/v1/orders',
      'DELETE /api/v1/orders/{orderId}',
      'GET /api/v1/idempotency-keys/{key}',
      'POST /api/v1/transfers',
      'GET /api/v1/user-wallets/{uid}',
      'POST /api/v1/futures',
      'GET /api/v1/user-futures/{uid}',
      'PUT /api/v1/close-position',
      'GET /api/v1/futures/contracts',
      'GET /api/v1/futures/positions',
      'GET /api/v1/futures/orders/open',
      'DELETE /api/v1/futures/orders/{order_id}',
      'DELETE /api/v1/futures/orders',
      'GET /api/v1/futures/positions/history',
      'GET /api/v1/futures/funding-history',
      'GET /api/v1/futures/leverage',
      'PUT /api/v1/futures/leverage',
      'GET /api/v1/futures/position-mode',
      'PUT /api/v1/futures/position-mode',
      'POST /api/v1/futures/positions/{id}/margin',
      'PUT /api/v1/futures/positions/{id}/tpsl',
      'DELETE /api/v1/futures/positions/{id}/tpsl',
      'GET /api/v1/convert/quote',
      'POST /api/v1/conversions',
      'GET /api/v1/conversions',
      'GET /api/v1/coin-transaction',
      'GET /api/v1/deposit-address',
      'GET /api/v1/transaction-history/{uid}',
      'POST /api/v1/simulated-chain/deposits',
      'POST /api/v1/submit-withdrawal',
      'POST /api/v1/withdrawals/{id}/cancel',
      'POST /api/v1/withdrawals/{id}/confirm',
      'POST /api/v1/withdrawals/{id}/confirm-code',
      'GET /api/v1/withdraw-limits',
      'GET /api/v1/fee-tier',
      'GET /api/v1/withdraw-addresses',
      'POST /api/v1/withdraw-addresses/code',
      'POST /api/v1/withdraw-addresses',
      'DELETE /api/v1/withdraw-addresses/{id}',
      'POST /api/v1/withdraw-addresses/whitelist',
      'GET /api/v1/earn/products',
      'POST /api/v1/earn/subscriptions',
      'POST /api/v1/earn/positions/{id}/redeem',
      'GET /api/v1/earn/positions',
      'GET /api/v1/earn/balance',
      'GET /api/v1/earn/earnings',
      'GET /api/v1/earn/auto-earn',
      'POST /api/v1/earn/auto-earn',
      'POST /api/user_account/email_reset/request',
      'POST /api/user_account/email_reset/resend_otp',
      'POST /api/user_account/email_reset/verify_otp',
      'POST /api/user_account/email_reset/change',
      'GET /api/user_account/security',
      'GET /api/user_account/security/logins',
      'DELETE /api/user_account/security/sessions/{id}',
      'POST /api/user_account/security/anti-phishing',
      'POST /api/user_account/security/totp/setup',
      'POST /api/user_account/security/totp/code',
      'POST /api/user_account/security/totp/enable',
      'POST /api/user_account/security/totp/disable',
      'GET /api/v1/help/announcements',
      'GET /api/v1/help/articles/{slug}',
      'GET /api/v1/notifications',
      'GET /api/v1/user-notifications',
      'GET /api/v1/user-notifications/unread',
      'POST /api/v1/user-notifications/{id}/read',
      'POST /api/v1/user-notifications/read-all',
      'GET /api/v1/chart-layouts',
      'GET /api/v1/chart-layouts/{name}',
      'PUT /api/v1/chart-layouts/{name}',
      'DELETE /api/v1/chart-layouts/{name}',
      'POST /api/v1/api-keys/email-code',
      'POST /api/v1/api-keys',
      'GET /api/v1/api-keys',
      'DELETE /api/v1/api-keys/{api_key}',
      'GET /api/v5/account/balance',
      'GET /api/v5/asset/balances',
      'GET /api/v5/account/config',
      'POST /api/v5/trade/order',
      'POST /api/v5/trade/batch-orders',
      'POST /api/v5/trade/cancel-order',
      'GET /api/v5/trade/order',
      'GET /api/v5/trade/orders-pending',
      'GET /api/v5/trade/orders-history',
      'GET /api/v5/trade/fills',
      'GET /api/v5/trade/fills-history',
      'GET /api/v5/account/positions',
      'GET /api/v5/account/positions-history',
      'POST /api/v5/account/set-leverage',
      'POST /api/v5/account/set-position-mode',
      'GET /api/v5/account/leverage-info',
      'POST /api/v5/trade/close-position',
      'POST /api/v5/trade/order-algo',
      'POST /api/v5/trade/cancel-algos',
      'POST /api/v5/trade/amend-algos',
      'GET /api/v5/trade/order-algo',
      'GET /api/v5/trade/orders-algo-pending',
      'GET /api/v5/trade/orders-algo-history',
      'POST /api/v5/trade/amend-order',
      'POST /api/v5/trade/cancel-batch-orders',
      'POST /api/v5/trade/cancel-all-after',
      'GET /api/v5/trade/orders-history-archive',
      'GET /api/v5/asset/currencies',
      'POST /api/v5/asset/transfer',
      'GET /api/v5/asset/transfer-state',
      'GET /api/v5/account/bills',
      'GET /api/v5/account/bills-archive',
      'GET /api/v5/asset/bills',
      'GET /api/v5/asset/deposit-address',
      'GET /api/v5/asset/deposit-history',
      'POST /api/v5/asset/withdrawal',
      'GET /api/v5/asset/withdrawal-history',
      'POST /api/v5/asset/cancel-withdrawal',
      'GET /api/v1/referrals',
      'GET /api/v1/rewards',
      'GET /api/v1/campaigns',
      'GET /api/admin/me',
      'GET /api/admin/summary',
      'GET /api/admin/users',
      'GET /api/admin/users/{id}',
      'GET /api/admin/operators',
      'POST /api/admin/operators',
      'DELETE /api/admin/operators',
      'GET /api/admin/audit',
      'GET /api/admin/audit.csv',
      'GET /api/admin/kyc',
      'GET /api/admin/kyc/{user_id}',
      'GET /api/admin/kyc/{user_id}/documents/{index}',
      'POST /api/admin/kyc/{user_id}/decision',
      'GET /api/admin/withdrawals',
      'POST /api/admin/withdrawals/{id}/decision',
      'GET /api/admin/markets',
      'POST /api/admin/markets/{instId}/halt',
      'POST /api/admin/markets/{instId}/resume',
      'GET /api/admin/markets/listings',
      'POST /api/admin/markets/listings',
      'GET /api/admin/fees',
      'PUT /api/admin/fees/{tier}',
      'GET /api/admin/adjustments',
      'POST /api/admin/adjustments',
      'POST /api/admin/adjustments/{id}/approve',
      'POST /api/admin/adjustments/{id}/reject',
      'GET /api/admin/announcements',
      'POST /api/admin/announcements',
      'POST /api/admin/announcements/preview',
      'PUT /api/admin/announcements/{id}',
      'POST /api/admin/announcements/{id}/publish',
      'POST /api/admin/announcements/{id}/unpublish',
      'GET /api/admin/campaigns',
      'POST /api/admin/campaigns',
      'PUT /api/admin/campaigns/{id}',
      'POST /api/admin/campaigns/{id}/publish',
      'POST /api/admin/campaigns/{id}/unpublish',
      'GET /api/user_account/operator-roles',
      'GET /api/admin/deposits',
      'POST /api/admin/deposits/{id}/credit',
      'POST /api/admin/deposits/{id}/refuse',
      'GET /api/v1/proof-of-reserves',
      'GET /api/v1/proof-of-reserves/history',
      'GET /api/v1/proof-of-reserves/addresses',
      'GET /api/v1/proof-of-reserves/my-proof',
    ]) {
      expect(listed).toContain(call);
    }
    expect(routes.find((r) => r.path === '/api/v1/transfers')?.bodyFields).toContain('amount');
    expect(routes.find((r) => r.path === '/api/user_account/upload-kyc/user={id}')?.form?.files).toContain('front_captured_image');
  });
});

describe.each<DbKind>(['pglite', 'postgres'])('HTTP fuzz on %s', (kind) => {
  let t: TestApp;
  let app: App;
  let user: FuzzUser;
  let requests: RequestArbitraries;

  beforeAll(async () => {
    t = kind === 'pglite' ? pglite : await startApp(kind);
    app = t.app;
    user = await fuzzUser(app);
    requests = new RequestArbitraries(user, Math.floor(Date.now() / 1000), routes);
  });
  afterAll(async () => {
    if (t !== pglite) await t?.close();
  });

  /**
   * The ledger as the last 4xx left it, checked unchanged: the next request starts from it (nothing
   * runs between two requests but the next one's generation), which saves one of the two reads a
   * request made. After any other answer it is read again.
   */
  let unchanged: unknown = null;

  async function send(request: FuzzRequest): Promise<void> {
    const before = unchanged ?? (await ledgerState(app, user.userId));
    unchanged = null;
    const res = await app.inject(request);
    if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    if (res.statusCode < 400) return;
    const after = await ledgerState(app, user.userId);
    expect(after, `a ${res.statusCode} answer changed the ledger`).toEqual(before);
    unchanged = after;
    if (request.method === 'HEAD') return;
    const problem = plainMessageProblem(res);
    if (problem) throw new Error(`${res.statusCode}: ${problem}`);
  }

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers any request without a 5xx',
    async (_name, route) => {
      const budget = BUDGET[kind];
      for (const withAuth of [true, false]) {
        await fc.assert(
          fc.asyncProperty(requests.request(route, withAuth), send),
          { seed: SEED, numRuns: withAuth ? budget.withAuth : budget.anonymous },
        );
      }
      const alive = await app.inject({ method: 'GET', url: `/api/v1/status?apikey=${DEFAULT_API_KEY}` });
      expect(alive.statusCode).toBe(200);
    },
    60_000,
  );

  it('keeps answering over a real socket after bytes no parser accepts', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const raw of RAW_REQUESTS) {
      const answer = await rawExchange(port, raw);
      expect(answer, raw.slice(0, 80)).toMatch(/^HTTP\/1\.1 4\d\d /);
    }
    const alive = await fetch(`http://127.0.0.1:${port}/api/v1/status?apikey=${DEFAULT_API_KEY}`);
    expect(alive.status).toBe(200);
  });

  it('leaves every ledger invariant intact', async () => {
    expect(await checkLedger(app.services.db)).toEqual([]);
  });
});
