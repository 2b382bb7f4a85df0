import { okxOrder, type FillUpdate, type OkxOrder } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import type { VenueBus } from '../../venue/bus.js';
import type { UserOrderState } from '../../venue/events.js';
import { okxOrderOf, settledSwapClientIdsOf } from '../trading-api-private/index.js';
import type { WsHub } from './hub.js';
import type { PositionFeed } from './position-feed.js';
import type { UserQueue } from './user-queue.js';

/** OKX's order push: the order as it stands, and the fill of this event when it traded. */
function pushedOrder(o: UserOrderState, instId: string, fill: FillUpdate | undefined, at: Date): OkxOrder {
  const order = okxOrderOf({ order: { ...o, instId }, updatedAt: at });
  if (!fill) return order;
  return { ...order, fillPx: fill.price, fillSz: fill.amount, tradeId: fill.trade_id, fillTime: String(fill.ts) };
}

/**
 * The `orders` channel for spot: each committed batch's orders of users with a subscribed socket
 * here, in OKX's fields, their clOrdId and tag carried by the orders themselves; `onUserEvent` hears every user whose orders changed (their balances did too).
 */
export function spotOrderFeed(deps: { bus: VenueBus; hub: WsHub; queue: UserQueue; now: () => Date; onUserEvent: (userId: string) => void }): () => void {
  return deps.bus.subscribe((m) => {
    if (m.type !== 'committed' || m.orders.length === 0) return;
    const byUser = new Map<string, UserOrderState[]>();
    for (const o of m.orders) {
      deps.onUserEvent(o.userId);
      if (!deps.hub.wants(o.userId, 'orders')) continue;
      const list = byUser.get(o.userId) ?? [];
      list.push(o);
      byUser.set(o.userId, list);
    }
    if (byUser.size === 0) return;
    const lastFill = new Map<string, FillUpdate>();
    for (const f of m.fills) lastFill.set(f.update.order_id, f.update);
    const at = deps.now();
    for (const [userId, orders] of byUser) {
      // Through the user's queue, so the pushes keep their order with the user's contract pushes.
      deps.queue.run(userId, () => {
        const rows = orders.map((o) => ({ tags: { instType: 'SPOT', instId: m.instId }, row: pushedOrder(o, m.instId, lastFill.get(o.id), at) }));
        deps.hub.push(userId, 'orders', rows);
        return Promise.resolve();
      });
    }
  });
}

/**
 * The `orders` channel for contracts: futures' order changes in OKX's fields (built where the
 * futures service runs, `Services.okxSwapOrders`) of users with a subscribed socket here, their
 * clOrdId and tag read here; `onUserEvent` hears every user whose orders changed (margin held or freed).
 */
export function swapOrderFeed(deps: { orders: PositionFeed; db: Database; now: () => Date; hub: WsHub; queue: UserQueue; onUserEvent: (userId: string) => void }): () => void {
  return deps.orders((userId, row) => {
    deps.onUserEvent(userId);
    if (!deps.hub.wants(userId, 'orders')) return;
    const parsed = okxOrder.safeParse(row());
    if (!parsed.success) return;
    const order = parsed.data;
    deps.queue.run(userId, async () => {
      const ids = (await settledSwapClientIdsOf(deps.db, userId, [order.ordId], deps.now)).get(order.ordId);
      deps.hub.push(userId, 'orders', [{ tags: { instType: order.instType, instId: order.instId }, row: ids ? { ...order, ...ids } : order }]);
    });
  });
}
