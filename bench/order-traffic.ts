import { DEFAULT_API_KEY } from '@exchange/contract';
import type { LoadRequest } from './http-load.js';
import type { Call } from './orders-load.js';

/** A signed-up, verified user with some BTC: half the load sells. */
export interface User {
  uid: number;
  auth: Record<string, string>;
}

export interface Touch {
  bid: number;
  ask: number;
}

export function orderPath(u: User, q: Record<string, string>): string {
  return `/api/v1/orders?${new URLSearchParams({ apikey: DEFAULT_API_KEY, uid: String(u.uid), coin_id: '1', ...q }).toString()}`;
}

async function signUp(call: Call, n: number): Promise<User> {
  const email = `bench.${n}.${Date.now()}@example.com`;
  const password = 'bench-password-1';
  const body = JSON.stringify({ email, password, confirm_password: password });
  const res = await call('POST', '/api/user_account/signup', { 'content-type': 'application/json' }, body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.body}`);
  const { user_id: userId, token } = JSON.parse(res.body) as { user_id: string; token: string };
  await verifyEmail(call, email);
  const auth = { authorization: `Bearer ${token}` };
  const info = await call('GET', `/api/user_account/getUserInformation/?user_id=${userId}`, auth);
  return { uid: (JSON.parse(info.body) as { user: { uid: number } }).user.uid, auth };
}

/** Trading needs a verified email: the code is read back from the server's dev outbox (no SMTP in the benchmark). */
export async function verifyEmail(call: Call, email: string): Promise<void> {
  const outbox = await call('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = JSON.parse(outbox.body) as { text: string }[];
  const otp = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!otp) throw new Error(`no verification code for ${email}: ${outbox.status} ${outbox.body.slice(0, 200)}`);
  const res = await call('POST', '/api/user_account/verify-otp', { 'content-type': 'application/json' }, JSON.stringify({ email, otp }));
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${res.body}`);
}

/** `count` new users (numbered from `first`), each of whom then buys some BTC from the market maker. */
export async function newUsers(call: Call, first: number, count: number): Promise<User[]> {
  const users: User[] = [];
  for (let i = first; i < first + count; i += 20) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(20, first + count - i) }, (_, k) => signUp(call, i + k)))));
  }
  await Promise.all(
    users.map((u) =>
      call('POST', orderPath(u, { order_type: 'buy', excecution_type: 'market', amount: '0.03', total_in_usdt: '3000' }), u.auth),
    ),
  );
  return users;
}

export async function bestPrices(call: Call): Promise<Touch> {
  const res = await call('GET', '/api/v5/market/books?instId=BTC-USDT&sz=1');
  const book = (JSON.parse(res.body) as { data: { bids: string[][]; asks: string[][] }[] }).data[0];
  return { bid: Number(book?.bids[0]?.[0]), ask: Number(book?.asks[0]?.[0]) };
}

/**
 * The load's order i, rotating the users: limit orders of 0.00005 BTC, alternately buy and sell,
 * four in five resting 5-15 % away from the touch and one in five crossing the spread.
 */
export function ordersOf(users: readonly User[], touch: () => Touch): (i: number) => LoadRequest {
  return (i) => {
    const prices = touch();
    const u = users[i % users.length] as User;
    const side = i % 2 === 0 ? 'buy' : 'sell';
    const crossing = i % 5 === 0;
    const away = 0.05 + ((i * 7919) % 1000) / 10_000;
    const price = crossing
      ? side === 'buy'
        ? prices.ask * 1.001
        : prices.bid * 0.999
      : side === 'buy'
        ? prices.bid * (1 - away)
        : prices.ask * (1 + away);
    return {
      method: 'POST',
      path: orderPath(u, { order_type: side, price: price.toFixed(2), amount: '0.00005' }),
      headers: u.auth,
    };
  };
}
