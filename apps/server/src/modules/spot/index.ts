import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import type { RecordWriter } from '../../ledger/records.js';
import { spotChecks } from './ledger-checks.js';
import { spotMigrations } from './migrations.js';
import { toHistoryRow } from './order-view.js';
import { fillsWriter, ordersInsertWriter, ordersUpdateWriter } from './records.js';
import { orderRoutes, type OrderRoutesOptions } from './routes.js';

export { SpotOrders } from './order-service.js';
export { spotActivitySince } from './activity.js';
export { parsePlaceOrder } from './parse-order.js';
export { orderIdOfClientId, userFills, userOrder, userOrders, type FillRead, type OrderRead, type UserPage } from './order-reads.js';
/** Where checked orders go: the spot service, or on a cluster's follower its stand-in. */
export type SpotTrading = OrderRoutesOptions['trading'];

/** Spot orders: placed and cancelled over /api/v1, their changes and fills on the private websocket. */
export const spotProduct: Product<Services> = {
  name: 'spot',
  migrations: spotMigrations,
  ledger: { recordWriters: [ordersInsertWriter, ordersUpdateWriter, fillsWriter] as RecordWriter<never>[], checks: spotChecks },
  api: async (v1, s) => {
    await v1.register(orderRoutes, { db: s.db, trading: s.spotTrading });
  },
  plugin: async (_app, s) => {
    s.privateChannels.feed((push) =>
      s.bus.subscribe((m) => {
        if (m.type !== 'committed') return;
        for (const o of m.orders) push(o.userId, 'orders', () => toHistoryRow(o));
        for (const f of m.fills) push(f.userId, 'fills', () => f.update);
      }),
    );
    // On a cluster, a user's orders and fills reach only the processes watching them.
    s.privateChannels.watchUser((userId) => s.bus.watchUser(userId));
  },
};
