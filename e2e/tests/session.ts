import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode } from './outbox';

export interface TestUser {
  email: string;
  password: string;
  token: string;
  userId: string;
  uid: number;
}

/** The smallest PNG, a whole one: the server decodes every identity image it stores. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: TINY_PNG });

async function identityStatus(request: APIRequestContext, user: TestUser): Promise<string> {
  const info = await request.get(`/api/user_account/getUserInformation/?user_id=${user.userId}`, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  return ((await info.json()) as { user_detail: { is_verified: string } }).user_detail.is_verified;
}

/** Submits the user's identity the way a user does: a passport upload, which then waits for review. */
export async function submitIdentity(request: APIRequestContext, user: TestUser): Promise<void> {
  const upload = await request.post(`/api/user_account/upload-kyc/user=${user.userId}`, {
    headers: { Authorization: `Bearer ${user.token}` },
    multipart: { document_type: 'passport', captured_selfie: pngFile('selfie.png'), front_captured_image: pngFile('front.png') },
  });
  expect(upload.status(), await upload.text()).toBe(201);
}

/**
 * Waits for the server's automatic approval (KYC_AUTO_APPROVE_SECONDS in playwright.config.ts) of
 * a submitted identity. A test with other setup to do (a deposit) does it in between, so the two
 * waits overlap.
 */
export async function identityApproved(request: APIRequestContext, user: TestUser): Promise<void> {
  await expect.poll(() => identityStatus(request, user), { timeout: 30_000 }).toBe('true');
}

/** Verifies the user's identity: the upload, then the automatic approval, which this waits for. */
export async function verifyIdentity(request: APIRequestContext, user: TestUser): Promise<void> {
  await submitIdentity(request, user);
  await identityApproved(request, user);
}

/**
 * A verified account made through the API, the way the sign-up wizard makes one; with
 * `identity: true` its identity is verified too (futures need it).
 */
export async function createUser(request: APIRequestContext, tag: string, { identity = false } = {}): Promise<TestUser> {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'e2e-Password-1';
  const signup = await request.post('/api/user_account/signup', {
    data: { email, password, confirm_password: password, country: 'DE' },
  });
  expect(signup.status()).toBe(201);
  const otp = await latestCode(request, email);
  expect((await request.post('/api/user_account/verify-otp', { data: { email, otp } })).ok()).toBe(true);
  const login = await request.post('/api/user_account/login', { data: { email, password } });
  const body = (await login.json()) as { user_id: string; uid: number; jwt_token: string };
  const user = { email, password, token: body.jwt_token, userId: body.user_id, uid: body.uid };
  if (identity) await verifyIdentity(request, user);
  return user;
}

/**
 * Stores the keys the login page stores, so the next page opens signed in. They are written on a
 * script-free file of the site: loading the app there first cost a whole landing page (its market
 * data and sockets) before every test's own first page, and its writes could race the test's.
 */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/favicon.svg');
  await page.evaluate((u) => {
    localStorage.setItem('authToken', u.token);
    localStorage.setItem('user_id', u.userId);
    localStorage.setItem('uid', String(u.uid));
    localStorage.setItem('email', u.email);
    localStorage.setItem('user', JSON.stringify({ email: u.email }));
    localStorage.setItem('isAuthenticated', 'true');
  }, user);
}

interface CoinRow {
  symbol: string;
  coin_pair: number;
  price: string | number;
}

/**
 * A limit buy of `amount` `symbol` through the API, priced at `priceFactor` times the coin's listed
 * price (above 1 it crosses the book and fills, below it rests); answers with the order's status.
 */
export async function placeLimitBuy(
  request: APIRequestContext,
  user: TestUser,
  { symbol, amount, priceFactor }: { symbol: string; amount: string; priceFactor: number },
): Promise<string> {
  const coins = (await (await request.get('/api/v1/coins?apikey=nexa-web')).json()) as CoinRow[];
  const coin = coins.find((c) => c.symbol === symbol);
  expect(coin, `${symbol} in the coin list`).toBeDefined();
  const price = (Number(coin!.price) * priceFactor).toFixed(2);
  const query = new URLSearchParams({
    uid: String(user.uid),
    coin_id: String(coin!.coin_pair),
    order_type: 'buy',
    excecution_type: 'limit',
    price,
    amount,
    total_in_usdt: (Number(price) * Number(amount)).toFixed(6),
    apikey: 'nexa-web',
  });
  const placed = await request.post(`/api/v1/orders?${query.toString()}`, { headers: { Authorization: `Bearer ${user.token}` } });
  expect(placed.ok()).toBe(true);
  return ((await placed.json()) as { status: string }).status;
}
