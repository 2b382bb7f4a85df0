import { expect } from 'vitest';
import { DEFAULT_API_KEY, earnPositionsResponse, earnEarningsResponse, type EarnPosition } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { balancesOf, systemOwners } from '../../src/ledger/accounts.js';
import { accountRef } from '../../src/ledger/postings.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, type SignedUpUser } from '../helpers.js';

export const DAY_MS = 86_400_000;

/** Moves the manual clock to `minutes` past the next UTC midnight. */
export function toNextDay(clock: { now: () => Date; advance: (ms: number) => void }, minutes = 1): void {
  const now = clock.now().getTime();
  clock.advance(Math.floor(now / DAY_MS) * DAY_MS + DAY_MS + minutes * 60_000 - now);
}

export function subscribe(app: App, u: SignedUpUser, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/earn/subscriptions',
    headers: { ...bearer(u.token), ...headers },
    payload: { apikey: DEFAULT_API_KEY, uid: u.uid, ...body },
  });
}

/** Redeems the whole position, or `amount` of it. */
export function redeem(app: App, u: SignedUpUser, positionId: string, uid = u.uid, amount?: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/earn/positions/${positionId}/redeem`,
    headers: bearer(u.token),
    payload: { apikey: DEFAULT_API_KEY, uid, ...(amount === undefined ? {} : { amount }) },
  });
}

export async function positions(app: App, u: SignedUpUser): Promise<EarnPosition[]> {
  const res = await app.inject({ url: `/api/v1/earn/positions?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return earnPositionsResponse.parse(res.json());
}

export async function earnings(app: App, u: SignedUpUser) {
  const res = await app.inject({ url: `/api/v1/earn/earnings?apikey=${DEFAULT_API_KEY}&uid=${u.uid}`, headers: bearer(u.token) });
  expect(res.statusCode, res.body).toBe(200);
  return earnEarningsResponse.parse(res.json());
}

/** available + locked of one account, as a plain decimal string. */
export async function balance(app: App, owner: string, asset: string, wallet: 'spot' | 'funding'): Promise<string> {
  const row = (await balancesOf(app.services.db, owner)).find((b) => b.asset === asset && b.wallet === wallet);
  return new Dec(row?.available ?? 0).plus(row?.locked ?? 0).toFixed();
}

/** Credits a user's funding wallet from the demo-grant account (a stand-in for a credited deposit). */
export async function fundFunding(app: App, userId: string, asset: string, amount: string): Promise<void> {
  const value = new Dec(amount);
  await app.services.ledger.transact({
    run: (tx) =>
      tx.post({
        kind: 'test_grant',
        userId,
        ref: null,
        legs: [
          { account: accountRef(systemOwners.demoGrant, asset, 'funding'), amount: value.neg() },
          { account: accountRef(userId, asset, 'funding'), amount: value },
        ],
      }),
  });
}

/** How many accrual rows exist for a product and day: exactly one once it is paid. */
export async function accrualRows(app: App, productId: string): Promise<{ day: string; total: string; apr: string }[]> {
  const res = await app.services.db.query<{ day: string; total: string; apr: string }>(
    'SELECT day::text AS day, total::text AS total, apr::text AS apr FROM earn_accruals WHERE product_id = $1 ORDER BY day',
    [productId],
  );
  return res.rows.map((r) => ({ day: r.day, total: new Dec(r.total).toFixed(), apr: new Dec(r.apr).toFixed() }));
}
