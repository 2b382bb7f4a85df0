import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { parsePlaceOrder } from '../../src/modules/spot/index.js';
import { restartableConfig, type DbKind, RESTART_TEST_MS } from '../helpers.js';
import { fund, newUser } from '../trading/trading-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('spot clOrdIds survive a restart on %s', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  const config = () => restartableConfig(kind, cleanups);

  const buy = (app: App, userId: string, clOrdId: string, tag = '') =>
    app.services.spotTrading.place({
      ...parsePlaceOrder({ apikey: '', uid: 0, coin_id: 1, order_type: 'buy', excecution_type: 'limit', price: '1000', amount: '0.01' }, userId),
      clOrdId,
      tag,
    });

  it(
    'a resting order rebuilt from the database still holds its clOrdId; its cancel frees it',
    async () => {
      const cfg = await config();
      let app: App = await buildApp(cfg);
      const u = await newUser(app);
      await fund(app, u.userId, 'USDT', '1000');
      const first = await buy(app, u.userId, 'keep1', 'bot');
      await expect(buy(app, u.userId, 'keep1')).rejects.toMatchObject({ code: 'DUPLICATE_CLIENT_ORDER_ID', statusCode: 400 });
      await app.close();

      app = await buildApp(cfg);
      try {
        await expect(buy(app, u.userId, 'keep1')).rejects.toMatchObject({ code: 'DUPLICATE_CLIENT_ORDER_ID' });
        const other = await newUser(app);
        await fund(app, other.userId, 'USDT', '1000');
        // Another user's clOrdId is theirs alone.
        await expect(buy(app, other.userId, 'keep1')).resolves.toMatchObject({ answer: { success: true } });
        await app.services.spotTrading.cancel({ kind: 'cancel', userId: u.userId, orderId: first.answer.order_id, instId: 'BTC-USDT' });
        const again = await buy(app, u.userId, 'keep1');
        const rows = await app.services.db.query<{ id: string; cl_ord_id: string; tag: string; is_open: boolean }>(
          'SELECT id, cl_ord_id, tag, is_open FROM spot_orders WHERE user_id = $1 ORDER BY seq',
          [u.userId],
        );
        expect(rows.rows).toEqual([
          { id: first.answer.order_id, cl_ord_id: 'keep1', tag: 'bot', is_open: false },
          { id: again.answer.order_id, cl_ord_id: 'keep1', tag: '', is_open: true },
        ]);
      } finally {
        await app.close();
      }
    },
    RESTART_TEST_MS,
  );
});
