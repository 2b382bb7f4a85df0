import { expect } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { balancesOf } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/products.js';
import type { Ledger } from '../../src/ledger/ledger.js';
import { openLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, signUpUser, type SignedUpUser, type TestApp } from '../helpers.js';
import { accountRef } from '../../src/ledger/postings.js';

export type TestUser = SignedUpUser;

/** A trader with a verified email and identity: every market, futures included, is open to them. */
export function newUser(app: App): Promise<TestUser> {
  return signUpUser(app, 'trader', { identity: true });
}

/** Ledger and holds must still agree when a suite ends; checked before its app closes. */
export async function closeChecked(t: TestApp): Promise<void> {
  const breaches = await checkLedger(t.app.services.db);
  const holdsOk = await lockedMatchesHolds(t.app);
  await t.close();
  expect(breaches).toEqual([]);
  expect(holdsOk).toBe(true);
}

/** Another server process's ledger on the app's database: its own batches and cached balances. */
const otherProcess = new WeakMap<App, Ledger>();

/**
 * Moves coins between a user's spot wallet and a system account through another process's ledger,
 * so the app's cached balance does not see it (as with two server processes on one database).
 */
async function bookSpot(app: App, kind: string, userId: string, asset: string, amount: string, system: string): Promise<void> {
  const value = new Dec(amount);
  let ledger = otherProcess.get(app);
  if (!ledger) {
    ledger = openLedger(app.services.db, app.log);
    otherProcess.set(app, ledger);
  }
  const other = ledger;
  await app.services.db.tx((q) =>
    other.postNow(q, (b) =>
      b.post({
        kind,
        userId,
        ref: null,
        legs: [
          { account: accountRef(system, asset, 'spot'), amount: value.neg() },
          { account: accountRef(userId, asset, 'spot'), amount: value },
        ],
      }),
    ),
  );
}

/** Books coins into a user's spot wallet from the demo-grant account (system:deposits is for chain deposits only: ledger:check holds it to them). */
export function fund(app: App, userId: string, asset: string, amount: string): Promise<void> {
  return bookSpot(app, 'test_deposit', userId, asset, amount, 'system:demo-grant');
}

/** Takes coins out of a user's spot wallet, back to the demo-grant account (money leaving another way than a withdrawal). */
export function withdraw(app: App, userId: string, asset: string, amount: string): Promise<void> {
  return bookSpot(app, 'test_withdrawal', userId, asset, new Dec(amount).neg().toFixed(), 'system:demo-grant');
}

export interface OrderParams {
  coin_id?: number;
  order_type: 'buy' | 'sell';
  excecution_type?: 'limit' | 'market' | 'stop-limit';
  price?: string;
  amount: string;
  total_in_usdt?: string;
  stop_price?: string;
  time_in_force?: string;
  uid?: number;
}

export function orderUrl(user: TestUser, p: OrderParams): string {
  const q = new URLSearchParams({ apikey: DEFAULT_API_KEY, uid: String(p.uid ?? user.uid), coin_id: String(p.coin_id ?? 1) });
  for (const [k, v] of Object.entries(p)) if (v !== undefined && k !== 'uid' && k !== 'coin_id') q.set(k, String(v));
  return `/api/v1/orders?${q.toString()}`;
}

export function placeOrder(app: App, user: TestUser, p: OrderParams, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: orderUrl(user, p), headers: { ...bearer(user.token), ...headers } });
}

export function cancelOrder(app: App, user: TestUser, orderId: string) {
  return app.inject({
    method: 'DELETE',
    url: `/api/v1/orders/${orderId}?apikey=${DEFAULT_API_KEY}`,
    headers: bearer(user.token),
  });
}

export type Balances = Record<string, { available: Dec; locked: Dec }>;

/** The owner's spot balances per asset (0 when absent). */
export async function spot(app: App, owner: string): Promise<(asset: string) => { available: Dec; locked: Dec }> {
  const rows = await balancesOf(app.services.db, owner);
  return (asset) => {
    const r = rows.find((b) => b.asset === asset && b.wallet === 'spot');
    return { available: new Dec(r?.available ?? 0), locked: new Dec(r?.locked ?? 0) };
  };
}

/** A price strictly inside the market maker's spread, so only users meet there. */
export function insideSpread(app: App, instId = 'BTC-USDT'): string {
  const m = app.services.venues.get(instId);
  if (!m) throw new Error(`no market ${instId}`);
  const bid = m.bestBid();
  const ask = m.bestAsk();
  if (bid === null || ask === null || ask - bid < 3) throw new Error('no room inside the spread');
  return m.prices.format(bid + 1);
}

/** Sum of the live holds and locked balances must agree; used after every flow. */
export async function lockedMatchesHolds(app: App): Promise<boolean> {
  const res = await app.services.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM ledger_accounts a
     LEFT JOIN (SELECT account_id, SUM(amount) AS total FROM holds WHERE status = 'live' GROUP BY account_id) h
       ON h.account_id = a.id WHERE a.locked <> COALESCE(h.total, 0)`,
  );
  return res.rows[0]?.n === '0';
}
