import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrderResponse, spotMessages } from '@exchange/contract';
import type { App } from '../../src/app.js';
import { checkLedger } from '../../src/products.js';
import { startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { probeWrites } from './commit-probe.js';
import { closeChecked, fund, lockedMatchesHolds, newUser, placeOrder, spot, withdraw } from './trading-helpers.js';

async function openOrderIds(app: App, userId: string): Promise<string[]> {
  const res = await app.services.db.query<{ id: string }>('SELECT id FROM spot_orders WHERE user_id = $1 AND is_open ORDER BY seq', [userId]);
  return res.rows.map((r) => r.id);
}

// Every user starts with the demo grant of 10,000 USDT; a resting buy of 0.001 BTC at 40,000 holds 40.
const resting = { order_type: 'buy', price: '40000', amount: '0.001' } as const;

describe.each<DbKind>([FEATURE_DB])('balances moved outside the order pipeline on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => closeChecked(t));

  it('a balance lowered meanwhile refuses the order with Insufficient balance, and the rest of its batch goes through', async () => {
    const { app } = t;
    const [user, other] = [await newUser(app), await newUser(app)];
    for (const u of [user, other]) expect((await placeOrder(app, u, resting)).statusCode).toBe(200);
    // The pipeline still believes 9,960 USDT are free; the database now has 60.
    await withdraw(app, user.userId, 'USDT', '9900');

    const probe = probeWrites(app.services.db);
    let answers;
    try {
      answers = await Promise.all([
        placeOrder(app, user, { order_type: 'buy', price: '40001', amount: '0.1' }),
        placeOrder(app, other, { order_type: 'buy', price: '40002', amount: '0.1' }),
      ]);
      await app.services.spot.idle();
    } finally {
      probe.restore();
    }
    const [refused, placed] = answers;
    expect(refused?.statusCode).toBe(400);
    expect(refused?.json()).toMatchObject({ message: spotMessages.insufficientBalance });
    expect(placed?.statusCode).toBe(200);
    // The database refused the first write (available would have gone below zero); nothing of it stayed.
    expect(probe.moments.count('refused')).toBe(1);
    const u = (await spot(app, user.userId))('USDT');
    expect([u.available.toFixed(), u.locked.toFixed()]).toEqual(['60', '40']);
    expect(await openOrderIds(app, user.userId)).toHaveLength(1);
    expect(await openOrderIds(app, other.userId)).toHaveLength(2);
    expect(await checkLedger(app.services.db)).toEqual([]);
    expect(await lockedMatchesHolds(app)).toBe(true);

    // The next order is decided on the database's value.
    const small = await placeOrder(app, user, { order_type: 'buy', price: '40000', amount: '0.0015' });
    expect(small.statusCode).toBe(200);
    const after = (await spot(app, user.userId))('USDT');
    expect([after.available.toFixed(), after.locked.toFixed()]).toEqual(['0', '100']);
  });

  it('a balance raised meanwhile is read again before an order is refused or a market buy capped', async () => {
    const { app } = t;
    const user = await newUser(app);
    expect((await placeOrder(app, user, resting)).statusCode).toBe(200);
    // The pipeline believes 9,960 USDT are free; the database now has 14,960.
    await fund(app, user.userId, 'USDT', '5000');

    const big = await placeOrder(app, user, { order_type: 'buy', price: '40000', amount: '0.3' });
    expect(big.statusCode).toBe(200);
    const held = (await spot(app, user.userId))('USDT');
    expect([held.available.toFixed(), held.locked.toFixed()]).toEqual(['2960', '12040']);

    await fund(app, user.userId, 'USDT', '9000');
    // A refused write rebuilds the books without the market maker's quotes: one step brings them back.
    await app.services.simulation.step(Date.now() + 1000);
    // 11,960 free in the database against 2,960 in the pipeline's view: the budget is the full total.
    const market = await placeOrder(app, user, { order_type: 'buy', excecution_type: 'market', amount: '0.001', total_in_usdt: '11000' });
    expect(market.statusCode).toBe(200);
    const id = placeOrderResponse.parse(market.json()).order_id;
    const row = await app.services.db.query<{ budget: string }>('SELECT budget::text AS budget FROM spot_orders WHERE id = $1', [id]);
    expect(Number(row.rows[0]?.budget)).toBeGreaterThan(10_999);
    expect(await checkLedger(app.services.db)).toEqual([]);
    expect(await lockedMatchesHolds(app)).toBe(true);
  });
});
