import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode } from './outbox';

export interface TestUser {
  email: string;
  password: string;
  token: string;
  userId: string;
  uid: number;
}

/** A verified account made through the API, the way the sign-up wizard makes one. */
export async function createUser(request: APIRequestContext, tag: string): Promise<TestUser> {
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
  return { email, password, token: body.jwt_token, userId: body.user_id, uid: body.uid };
}

/** Stores the keys the login page stores, so a page opens signed in. */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/');
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
