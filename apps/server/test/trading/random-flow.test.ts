import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/products.js';
import { startApp, type DbKind, type TestApp } from '../helpers.js';
import { cancelOrder, fund, lockedMatchesHolds, newUser, placeOrder, type OrderParams, type TestUser } from './trading-helpers.js';

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each<DbKind>(['pglite', 'postgres'])('a random order flow on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the ledger balanced and every open order on the book', async () => {
    const rand = rng(kind === 'pglite' ? 7 : 11);
    const users: TestUser[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await newUser(t.app);
      await fund(t.app, u.userId, 'ETH', '3');
      users.push(u);
    }
    const open: { user: TestUser; id: string }[] = [];
    const m = t.app.services.venues.get('ETH-USDT');
    if (!m) throw new Error('no ETH market');
    let clock = Date.now();
    for (let round = 0; round < 25; round++) {
      const mid = ((m.bestBid() ?? 260_000) + (m.bestAsk() ?? 260_000)) / 2;
      const wave = Array.from({ length: 6 }, () => {
        const user = users[Math.floor(rand() * users.length)] as TestUser;
        const r = rand();
        if (r < 0.15 && open.length > 0) {
          const [victim] = open.splice(Math.floor(rand() * open.length), 1);
          return victim ? cancelOrder(t.app, victim.user, victim.id) : Promise.resolve(null);
        }
        const side = rand() < 0.5 ? 'buy' : 'sell';
        const p: OrderParams =
          r < 0.3
            ? { coin_id: 2, order_type: side, excecution_type: 'market', amount: (0.05 + rand() * 0.3).toFixed(4) }
            : {
                coin_id: 2,
                order_type: side,
                price: m.prices.format(Math.round(mid * (1 + (rand() - 0.5) * 0.004))),
                amount: (0.01 + rand() * 0.5).toFixed(4),
                time_in_force: rand() < 0.1 ? 'IOC' : undefined,
              };
        return placeOrder(t.app, user, p).then((res) => {
          const body = res.json() as { order_id?: string; status?: string };
          if (res.statusCode === 200 && body.order_id && (body.status === 'pending' || body.status === 'partially filled')) {
            open.push({ user, id: body.order_id });
          }
          expect([200, 400]).toContain(res.statusCode);
          return res;
        });
      });
      await Promise.all(wave);
      if (round % 5 === 0) {
        clock += 1000;
        await t.app.services.simulation.step(clock);
        await t.app.services.simulation.forceTrade('ETH-USDT', rand() < 0.5 ? 'buy' : 'sell');
      }
    }
    await t.app.services.spot.idle();

    expect(await checkLedger(t.app.services.db)).toEqual([]);
    expect(await lockedMatchesHolds(t.app)).toBe(true);
    const dbOpen = await t.app.services.db.query<{ id: string }>('SELECT id FROM spot_orders WHERE is_open ORDER BY seq');
    for (const row of dbOpen.rows) expect(m.getOrder(row.id)).toBeDefined();
    const snap = m.snapshot();
    const userOrders = [...snap.bids, ...snap.asks, ...snap.stops].filter((o) => !o.owner.startsWith('system:'));
    expect(userOrders.map((o) => o.id).sort()).toEqual(dbOpen.rows.map((r) => r.id).sort());
    const fills = await t.app.services.db.query('SELECT 1 FROM spot_fills');
    expect(fills.rows.length).toBeGreaterThan(10);
  });
});
