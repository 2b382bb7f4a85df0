import type { UserNotification } from '@exchange/contract';
import type { Product } from '../../kernel/product.js';
import type { Services } from '../../services.js';
import type { Queryable } from '../../db/database.js';
import { notificationsMigration } from './migrations.js';
import { Notifier, type RowEvents } from './notifier.js';
import { notificationRoutes } from './routes.js';
import { fromCommitted, fromDeposit, fromLiquidation, fromWithdrawal } from './sources.js';
import { insertNotifications, type NewNotification } from './store.js';

export { NOTIFIER_MAX_PENDING, type RowEvents } from './notifier.js';

/**
 * Keeps a notification in the caller's transaction, for the account flows (identity, password,
 * authenticator, a new device) that have no event of their own: it commits with the change it tells
 * of. Answers the row kept (none when told before), which a caller may push once it committed.
 */
export async function recordNotification(q: Queryable, n: NewNotification): Promise<{ userId: string; row: UserNotification }[]> {
  return insertNotifications(q, [n]);
}
export type { NewNotification };

/**
 * The user's notifications: the money flows' events (deposits, withdrawals, fills, liquidations)
 * kept after they committed, the account flows' in their own transactions, pushed on the private
 * websocket's `notifications` channel, listed and marked read over /api/v1.
 */
export const notificationsProduct: Product<Services> = {
  name: 'notifications',
  migrations: [notificationsMigration],
  api: async (v1, s) => {
    await v1.register(notificationRoutes, { db: s.db, now: s.config.now });
  },
  plugin: async (app, s) => {
    const notifier = new Notifier(s.db, s.notificationEvents.local, s.log);
    const now = s.config.now;
    // The local events only: each process keeps what it saw, and the shared events bring the rows to every socket.
    const stops = [
      s.deposits.events.subscribe((userId, record) => {
        const n = fromDeposit(userId, record(), now());
        if (n) notifier.add([n]);
      }),
      s.withdrawals.events.subscribe((userId, record) => {
        const n = fromWithdrawal(userId, record(), now());
        if (n) notifier.add([n]);
      }),
      s.bus.subscribe((m) => {
        // A cluster's followers hear the owner's batches too: only the owner keeps their notifications.
        if (m.type !== 'committed' || (s.cluster && !s.cluster.isLeader())) return;
        notifier.add(fromCommitted(m, now()));
      }),
    ];
    s.core.onTrading((t) =>
      stops.push(
        t.futures.service.onPositions((positions, events) => {
          const liquidated = new Set(events.filter((e) => e.kind === 'liquidated').map((e) => e.positionId));
          if (liquidated.size === 0) return;
          const at = now();
          notifier.add(positions.filter((p) => liquidated.has(p.id)).map((p) => fromLiquidation(p, String(t.futures.monitor.markOf(p.instId) ?? ''), at)));
        }),
      ),
    );
    s.privateChannels.feed((push) => s.notificationEvents.shared.subscribe((userId, row) => push(userId, 'notifications', row)));
    app.addHook('onClose', async () => {
      stops.forEach((stop) => stop());
      await notifier.idle();
    });
  },
};

/** The notifications kept by this process (local), and those of every process (shared), for the private websocket. */
export interface NotificationEvents {
  local: RowEvents<UserNotification>;
  shared: RowEvents<UserNotification>;
}
