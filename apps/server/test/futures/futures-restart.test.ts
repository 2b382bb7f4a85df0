import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { checkLedger } from '../../src/products.js';
import { restartableConfig, type DbKind, RESTART_TEST_MS } from '../helpers.js';
import { lockedMatchesHolds, newUser } from '../trading/trading-helpers.js';
import { closeOk, contract, driveIndex, futuresWallet, openOk, orderRow, positionOf, toFutures } from './futures-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('futures positions survive a restart on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const config = () => restartableConfig(kind, cleanups);

  it('puts resting opening orders back on the book and keeps positions, margin, liquidation and the funding clock', async () => {
    const cfg = await config();
    let app: App = await buildApp(cfg);
    const clock = { ms: app.services.market.now };
    await driveIndex(app, 'BTC', '60000', clock);
    const u = await newUser(app);
    await toFutures(app, u, '1000');
    // A short, so the fall to 49,990 below that fills the resting long does not liquidate it.
    const active = await openOk(app, u, { side: 'short', amount: '0.01', leverage: 20 });
    const resting = await openOk(app, u, { side: 'long', amount: '0.01', leverage: 20, order_type: 'limit', entry_price: '50000' });
    expect(resting.status).toBe('pending');
    const before = await positionOf(app, u, active.future_id);
    const nextFunding = (await contract(app)).next_funding_time;
    const wallet = await futuresWallet(app, u.userId);
    await app.close();

    app = await buildApp(cfg);
    try {
      clock.ms = Math.max(clock.ms, app.services.market.now);
      await driveIndex(app, 'BTC', '60000', clock);
      const after = await positionOf(app, u, active.future_id);
      expect(after).toMatchObject({ status: 'active', amount: before.amount, margin: before.margin, entry_price: before.entry_price });
      expect(after.liquidation_price).toBe(before.liquidation_price);
      expect((await contract(app)).next_funding_time).toBe(nextFunding);
      expect(await futuresWallet(app, u.userId)).toEqual(wallet);
      const book = app.services.venues.get('BTC-USDT-SWAP')?.snapshot();
      expect(book?.bids.some((o) => o.id === resting.future_id)).toBe(true);
      // Below 50,000 the rebuilt order is the best bid: the simulated flow or another user's market
      // short fills it, at its own limit.
      await driveIndex(app, 'BTC', '49990', clock);
      if ((await orderRow(app, u, resting.future_id)).status === 'pending') {
        const seller = await newUser(app);
        await toFutures(app, seller, '1000');
        await openOk(app, seller, { side: 'short', amount: '0.01', leverage: 20 });
      }
      // The other side's position: long and short are both open (hedge mode).
      const filled = await positionOf(app, u, resting.future_id);
      expect(filled).toMatchObject({ status: 'active', entry_price: '50000', side: 'long', amount: '0.01' });
      expect((await positionOf(app, u, active.future_id)).status).toBe('active');
      await closeOk(app, u, resting.future_id);
      expect(await checkLedger(app.services.db)).toEqual([]);
      expect(await lockedMatchesHolds(app)).toBe(true);
    } finally {
      await app.close();
    }
  }, RESTART_TEST_MS);
});
