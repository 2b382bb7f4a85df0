import type { FillUpdate, OkxOrder } from '@exchange/contract';
import type { VenueBus } from '../../venue/bus.js';
import type { UserOrderState } from '../../venue/events.js';
import { okxOrderOf } from '../trading-api-private/index.js';
import type { ClientIdCache } from './client-id-cache.js';
import type { WsHub } from './hub.js';
import type { UserQueue } from './user-queue.js';

/** OKX's order push: the order as it stands, and the fill of this event when it traded. */
function pushedOrder(o: UserOrderState, instId: string, fill: FillUpdate | undefined, ids: { clOrdId: string; tag: string }, at: Date): OkxOrder {
  const order = okxOrderOf({ order: { ...o, instId }, updatedAt: at }, ids);
  if (!fill) return order;
  return { ...order, fillPx: fill.price, fillSz: fill.amount, tradeId: fill.trade_id, fillTime: String(fill.ts) };
}

/**
 * The `orders` channel for spot: each committed batch's orders of users with a subscribed socket
 * here, in OKX's fields; `onUserEvent` hears every user whose orders changed (their balances did too).
 */
export function spotOrderFeed(deps: { bus: VenueBus; hub: WsHub; ids: ClientIdCache; queue: UserQueue; now: () => Date; onUserEvent: (userId: string) => void }): () => void {
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
      deps.queue.run(userId, async () => {
        const ids = await deps.ids.of(
          userId,
          orders.map((o) => o.id),
        );
        const rows = orders.map((o) => ({
          tags: { instType: 'SPOT', instId: m.instId },
          row: pushedOrder(o, m.instId, lastFill.get(o.id), ids.get(o.id) ?? { clOrdId: '', tag: '' }, at),
        }));
        deps.hub.push(userId, 'orders', rows);
      });
    }
  });
}
