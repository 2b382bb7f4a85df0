import { afterAll, describe, expect, it } from 'vitest';
import { placeOrderResponse } from '@exchange/contract';
import { buildApp, type App } from '../../src/app.js';
import { checkLedger } from '../../src/products.js';
import { restartableConfig, type DbKind, RESTART_TEST_MS } from '../helpers.js';
import { fund, insideSpread, lockedMatchesHolds, newUser, placeOrder, spot } from './trading-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('open orders survive a restart on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const config = () => restartableConfig(kind, cleanups);

  it('rebuilds the books from the database in time priority, and the orders still match', async () => {
    const cfg = await config();
    let app: App = await buildApp(cfg);
    const first = await newUser(app);
    const second = await newUser(app);
    const seller = await newUser(app);
    await fund(app, seller.userId, 'BTC', '1');
    const price = insideSpread(app);
    const a = placeOrderResponse.parse((await placeOrder(app, first, { order_type: 'buy', price, amount: '0.002' })).json());
    const b = placeOrderResponse.parse((await placeOrder(app, second, { order_type: 'buy', price, amount: '0.002' })).json());
    const low = placeOrderResponse.parse(
      (await placeOrder(app, first, { order_type: 'buy', price: '50000', amount: '0.001' })).json(),
    );
    await app.close();

    app = await buildApp(cfg);
    try {
      const book = app.services.venues.get('BTC-USDT');
      expect(book?.getOrder(a.order_id)).toMatchObject({ remainingQty: 200, owner: first.userId });
      expect(book?.getOrder(b.order_id)).toMatchObject({ remainingQty: 200 });
      expect(book?.getOrder(low.order_id)).toBeDefined();
      // Time priority kept: the first buyer's order is matched before the second's.
      const sold = placeOrderResponse.parse(
        (await placeOrder(app, seller, { order_type: 'sell', price, amount: '0.003' })).json(),
      );
      expect(sold).toMatchObject({ status: 'filled', filled_amount: '0.003' });
      const f = await spot(app, first.userId);
      const s = await spot(app, second.userId);
      expect(f('BTC').available.toFixed()).toBe('0.001998');
      expect(s('BTC').available.toFixed()).toBe('0.000999');
      expect(book?.getOrder(b.order_id)).toMatchObject({ remainingQty: 100 });
      await app.services.simulation.step(Date.now() + 1000);
      expect(book?.bestAsk()).not.toBeNull();
      expect(await checkLedger(app.services.db)).toEqual([]);
      expect(await lockedMatchesHolds(app)).toBe(true);
    } finally {
      await app.close();
    }
  }, RESTART_TEST_MS);
});
