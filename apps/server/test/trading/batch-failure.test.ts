import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, orderHistoryResponse, placeOrderResponse, spotMessages } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { isSystemOwner } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/products.js';
import { coins, instId } from '../../src/shared/catalogue.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, startApp, type DbKind, type TestApp } from '../helpers.js';
import { gate, lostConnection, probePlacements, probeWrites, refusedStatement } from './commit-probe.js';
import {
  closeChecked,
  fund,
  insideSpread,
  lockedMatchesHolds,
  newUser,
  placeOrder,
  spot,
  type TestUser,
} from './trading-helpers.js';

const AMOUNT = '0.001';
const DEMO_USDT = '10000';

/** A BTC buy far below the market, so it rests; every test order gets its own price. */
let nextPrice = 40_000;
function restingBuy() {
  nextPrice += 1;
  return { order_type: 'buy' as const, price: String(nextPrice), amount: AMOUNT };
}

/** The orders each user got a 200 for: the ones the database must hold. */
type Accepted = Map<string, { id: string; price: string }[]>;

async function placeAccepted(app: App, user: TestUser, accepted: Accepted) {
  const p = restingBuy();
  const res = await placeOrder(app, user, p);
  if (res.statusCode === 200) {
    const list = accepted.get(user.userId) ?? [];
    list.push({ id: placeOrderResponse.parse(res.json()).order_id, price: p.price });
    accepted.set(user.userId, list);
  }
  return res;
}

function expectOkOrPlaceFailed(res: { statusCode: number; json: () => unknown }): void {
  expect([200, 500]).toContain(res.statusCode);
  if (res.statusCode === 500) expect(res.json()).toMatchObject({ message: spotMessages.placeFailed });
}

/** User orders on the engine's books, against the open orders in the database, as comparable lines. */
async function booksAndDatabase(app: App): Promise<{ engine: string[]; database: string[] }> {
  const engine: string[] = [];
  for (const coin of coins) {
    const m = app.services.venues.get(instId(coin.symbol));
    if (!m) continue;
    const snap = m.snapshot();
    for (const o of [...snap.bids, ...snap.asks, ...snap.stops]) {
      if (isSystemOwner(o.owner)) continue;
      engine.push(`${o.id} ${o.owner} ${o.side} ${new Dec(m.prices.format(o.price)).toFixed()} ${new Dec(m.lots.format(o.qty)).toFixed()}`);
    }
  }
  const rows = await app.services.db.query<{ id: string; user_id: string; side: string; price: string; remaining: string }>(
    `SELECT id, user_id, side, price::text AS price, (amount - filled)::text AS remaining FROM spot_orders WHERE is_open`,
  );
  const database = rows.rows.map(
    (r) => `${r.id} ${r.user_id} ${r.side} ${new Dec(r.price).toFixed()} ${new Dec(r.remaining).toFixed()}`,
  );
  return { engine: engine.sort(), database: database.sort() };
}

/** What a failed batch must leave behind: exactly the accepted orders, everywhere. */
async function expectOnlyAccepted(app: App, users: TestUser[], accepted: Accepted): Promise<void> {
  expect(await checkLedger(app.services.db)).toEqual([]);
  expect(await lockedMatchesHolds(app)).toBe(true);
  const ids = users.map((u) => u.userId);
  const orders = await app.services.db.query<{ id: string; user_id: string; status: string; is_open: boolean }>(
    'SELECT id, user_id, status, is_open FROM spot_orders WHERE user_id = ANY($1::uuid[])',
    [ids],
  );
  const holds = await app.services.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM holds h JOIN ledger_accounts a ON a.id = h.account_id WHERE a.owner = ANY($1::text[])`,
    [ids],
  );
  const acceptedCount = [...accepted.values()].reduce((n, list) => n + list.length, 0);
  expect(holds.rows[0]?.n).toBe(acceptedCount);
  for (const u of users) {
    const mine = accepted.get(u.userId) ?? [];
    const expectedIds = mine.map((o) => o.id).sort();
    const stored = orders.rows.filter((r) => r.user_id === u.userId);
    expect(stored.map((r) => r.id).sort()).toEqual(expectedIds);
    for (const r of stored) expect(r).toMatchObject({ status: 'pending', is_open: true });

    const history = await app.inject({
      method: 'GET',
      url: `/api/v1/order-history/${u.uid}?apikey=${DEFAULT_API_KEY}`,
      headers: bearer(u.token),
    });
    const rows = orderHistoryResponse.parse(history.json());
    expect(rows.map((r) => r.order_id).sort()).toEqual(expectedIds);
    for (const r of rows) expect(r.status).toBe('pending');

    const held = mine.reduce((sum, o) => sum.plus(new Dec(o.price).mul(AMOUNT)), new Dec(0));
    const usdt = (await spot(app, u.userId))('USDT');
    expect(usdt.locked.toFixed()).toBe(held.toFixed());
    expect(usdt.available.plus(usdt.locked).toFixed()).toBe(DEMO_USDT);
  }
  const { engine, database } = await booksAndDatabase(app);
  expect(engine).toEqual(database);
}

async function newUsers(app: App, n: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < n; i += 1) users.push(await newUser(app));
  return users;
}

/** How many of the users' orders the engine's books hold. */
function onBooks(app: App, users: TestUser[]): number {
  const ids = new Set(users.map((u) => u.userId));
  const snap = app.services.venues.get('BTC-USDT')?.snapshot();
  return [...(snap?.bids ?? []), ...(snap?.asks ?? [])].filter((o) => ids.has(o.owner)).length;
}

describe.each<DbKind>(['pglite', 'postgres'])('a failed batch write on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => closeChecked(t));

  // First in the suite: it needs the market maker's spread, which a rebuild clears until the next tick.
  it('a lost write that filled a committed order answers 500 and puts that order back whole', async () => {
    const { app } = t;
    const [seller, buyer] = (await newUsers(app, 2)) as [TestUser, TestUser];
    await fund(app, seller.userId, 'BTC', '0.01');
    const price = insideSpread(app);
    const sell = await placeOrder(app, seller, { order_type: 'sell', price, amount: '0.002' });
    expect(sell.statusCode).toBe(200);
    const sellId = placeOrderResponse.parse(sell.json()).order_id;

    const ethQuotesBefore = app.services.venues.get('ETH-USDT')?.depth(15);
    const resets: string[] = [];
    const unsubscribe = app.services.bus.subscribe((m) => {
      if (m.type === 'reset') resets.push(m.instId);
    });
    const probe = probeWrites(app.services.db, { failWrite: (n) => (n === 1 ? lostConnection() : undefined) });
    let failed;
    try {
      failed = await placeOrder(app, buyer, { order_type: 'buy', price, amount: '0.001' });
      await app.services.spot.idle();
    } finally {
      probe.restore();
      unsubscribe();
    }
    // Only the market the failed batch touched is rebuilt; the others keep their books, quotes included.
    expect(resets).toEqual(['BTC-USDT']);
    expect(app.services.venues.get('ETH-USDT')?.depth(15)).toEqual(ethQuotesBefore);
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ message: spotMessages.placeFailed });
    const book = app.services.venues.get('BTC-USDT');
    expect(book?.getOrder(sellId)).toMatchObject({ remainingQty: 200, owner: seller.userId });
    const b = await spot(app, buyer.userId);
    expect([b('USDT').available.toFixed(), b('USDT').locked.toFixed(), b('BTC').available.toFixed()]).toEqual([DEMO_USDT, '0', '0']);
    const s = await spot(app, seller.userId);
    expect([s('BTC').available.toFixed(), s('BTC').locked.toFixed(), s('USDT').available.toFixed()]).toEqual(['0.008', '0.002', DEMO_USDT]);
    const fills = await app.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM spot_fills WHERE order_id = $1', [sellId]);
    expect(fills.rows[0]?.n).toBe(0);
    expect(await checkLedger(app.services.db)).toEqual([]);
    const { engine, database } = await booksAndDatabase(app);
    expect(engine).toEqual(database);

    const bought = await placeOrder(app, buyer, { order_type: 'buy', price, amount: '0.001' });
    expect(bought.json()).toMatchObject({ status: 'filled', filled_amount: '0.001' });
    expect(book?.getOrder(sellId)).toMatchObject({ remainingQty: 100 });
  });

  it('answers 500 for a lost write, rebuilds the books from the database, and runs the requests queued behind it on them', async () => {
    const { app } = t;
    const users = await newUsers(app, 10);
    const [first, ...rest] = users as [TestUser, ...TestUser[]];
    const accepted: Accepted = new Map();
    // Committed before the failure: the rebuilt books must still hold these.
    const earlier = await Promise.all(users.map((u) => placeAccepted(app, u, accepted)));
    for (const r of earlier) expect(r.statusCode).toBe(200);

    const writeGate = gate();
    const probe = probeWrites(app.services.db, {
      beforeWrite: (n) => (n === 1 ? writeGate.opened : Promise.resolve()),
      failWrite: (n) => (n === 1 ? lostConnection() : undefined),
    });
    const unprobePlacements = probePlacements(app.services.spot, probe.moments);
    try {
      // Batch 1 holds this one order (the queue had nothing else when it started).
      const alone = placeAccepted(app, first, accepted);
      await probe.moments.reached('write', 1);
      // Other users' orders, queued while batch 1's write is in flight.
      const behind = rest.flatMap((u) => [0, 1, 2].map(() => placeAccepted(app, u, accepted)));
      await probe.moments.reached('place', 1 + behind.length);
      // The lost order is on the engine's books until the write comes back, with the orders of the
      // batch built behind it meanwhile.
      expect(onBooks(app, users)).toBeGreaterThan(users.length);
      writeGate.open();
      const lost = await alone;
      expect(lost.statusCode).toBe(500);
      expect(lost.json()).toMatchObject({ message: spotMessages.placeFailed });
      for (const r of await Promise.all(behind)) expect(r.statusCode).toBe(200);
      await app.services.spot.idle();
      expect(probe.moments.count('write')).toBe(2);
    } finally {
      probe.restore();
      unprobePlacements();
    }
    await expectOnlyAccepted(app, users, accepted);

    const again = await Promise.all(users.map((u) => placeAccepted(app, u, accepted)));
    for (const r of again) expect(r.statusCode).toBe(200);
    await expectOnlyAccepted(app, users, accepted);
  });

  it('runs a batch again when the database refused its write, so no request is lost', async () => {
    const { app } = t;
    const users = await newUsers(app, 6);
    const accepted: Accepted = new Map();
    const probe = probeWrites(app.services.db, { failWrite: (n) => (n === 1 ? refusedStatement() : undefined) });
    let answers;
    try {
      answers = await Promise.all(users.flatMap((u) => [placeAccepted(app, u, accepted), placeAccepted(app, u, accepted)]));
      await app.services.spot.idle();
    } finally {
      probe.restore();
    }
    for (const r of answers) expect(r.statusCode).toBe(200);
    expect(probe.moments.count('write')).toBeGreaterThan(1);
    await expectOnlyAccepted(app, users, accepted);
  });

  it('10 users sending 3 orders each in a row, with the second write lost, keep exactly the accepted ones', async () => {
    const { app } = t;
    const users = await newUsers(app, 10);
    const accepted: Accepted = new Map();
    const probe = probeWrites(app.services.db, { failWrite: (n) => (n === 2 ? lostConnection() : undefined) });
    const answers: Awaited<ReturnType<typeof placeOrder>>[] = [];
    try {
      await Promise.all(
        users.map(async (u) => {
          for (let i = 0; i < 3; i += 1) answers.push(await placeAccepted(app, u, accepted));
        }),
      );
      await app.services.spot.idle();
    } finally {
      probe.restore();
    }
    for (const r of answers) expectOkOrPlaceFailed(r);
    // The first write commits and the second is lost, whatever else the batches held.
    expect(answers.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.statusCode === 500).length).toBeGreaterThan(0);
    await expectOnlyAccepted(app, users, accepted);

    const again = await Promise.all(users.map((u) => placeAccepted(app, u, accepted)));
    for (const r of again) expect(r.statusCode).toBe(200);
    await expectOnlyAccepted(app, users, accepted);
  });

});
