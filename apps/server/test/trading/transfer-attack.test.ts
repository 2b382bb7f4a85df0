import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, spotMessages } from '@exchange/contract';
import type { App } from '../../src/app.js';
import type { VenueMessage } from '../../src/venue/events.js';
import { bearer, startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import { probeWrites } from './commit-probe.js';
import { closeChecked, newUser, placeOrder, type TestUser } from './trading-helpers.js';

function transfer(app: App, user: TestUser, amount: string, from: 'spot' | 'futures', to: 'spot' | 'futures') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/transfers',
    headers: bearer(user.token),
    payload: { apikey: DEFAULT_API_KEY, uid: user.uid, transfer_from: from, transfer_to: to, symbol: 'USDT', amount },
  });
}

/**
 * Issue 05, defect 3: a user alternating transfers out of spot with buys that need that balance
 * made the order batch's write fail (its cached balance was too high), which failed other users'
 * orders and rebuilt every book. Transfers now go through the same ledger writer as orders, so a
 * batch decides on the balance the transfer left, and nothing fails.
 */
describe.each<DbKind>([FEATURE_DB])('a user racing transfers against their own orders on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => closeChecked(t));

  it('never fails another user’s order, never fails a write, never rebuilds a book', async () => {
    const { app } = t;
    const attacker = await newUser(app);
    const victims = [await newUser(app), await newUser(app), await newUser(app)];
    const resets: VenueMessage[] = [];
    const unsubscribe = app.services.bus.subscribe((m) => {
      if (m.type === 'reset') resets.push(m);
    });
    const probe = probeWrites(app.services.db);
    const victimAnswers: number[] = [];
    const attackerAnswers: number[] = [];
    // An order first, so this process has the attacker's balance cached from its write.
    expect((await placeOrder(app, attacker, { order_type: 'buy', price: '30000', amount: '0.001' })).statusCode).toBe(200);
    try {
      for (let round = 0; round < 15; round += 1) {
        // 9,970 USDT free: after moving 7,000 out, a buy for 4,000 cannot be paid.
        expect((await transfer(app, attacker, '7000', 'spot', 'futures')).statusCode).toBe(201);
        const [bought, ...theirs] = await Promise.all([
          placeOrder(app, attacker, { order_type: 'buy', price: '40000', amount: '0.1' }),
          ...victims.map((v, i) => placeOrder(app, v, { order_type: 'buy', price: String(30_000 + round * 10 + i), amount: '0.001' })),
        ]);
        for (const r of theirs) victimAnswers.push(r.statusCode);
        attackerAnswers.push(bought.statusCode);
        expect(bought.json()).toMatchObject({ message: spotMessages.insufficientBalance });
        expect((await transfer(app, attacker, '7000', 'futures', 'spot')).statusCode).toBe(201);
      }
      await app.services.spot.idle();
    } finally {
      probe.restore();
      unsubscribe();
    }
    expect(victimAnswers).toHaveLength(45);
    expect(victimAnswers.every((s) => s === 200)).toBe(true);
    expect(attackerAnswers.every((s) => s === 400)).toBe(true);
    // On the old order path this pattern made the batch statement fail (1 refused write) and every book rebuilt.
    expect(probe.moments.count('refused')).toBe(0);
    expect(resets).toEqual([]);
  });
});
