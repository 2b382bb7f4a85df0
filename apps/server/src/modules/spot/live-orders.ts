import type { LiveOrder } from './types.js';

/**
 * The orders the venues hold, by id, and by the user's client order id: a clOrdId is taken while
 * its order is here (live), as OKX has it, and free again once the order ended. Kept in step by
 * `set` and `delete`, the only ways in and out, so the venues' rebuild after a failed batch rebuilds
 * it too. By user, then clOrdId: a joined key was a string to build and hash per order, and showed
 * in the order entry's profile.
 */
export class LiveOrders extends Map<string, LiveOrder> {
  private readonly byClientId = new Map<string, Map<string, LiveOrder>>();

  override set(id: string, order: LiveOrder): this {
    super.set(id, order);
    if (order.clOrdId !== '') {
      const mine = this.byClientId.get(order.userId);
      if (mine) mine.set(order.clOrdId, order);
      else this.byClientId.set(order.userId, new Map([[order.clOrdId, order]]));
    }
    return this;
  }

  override delete(id: string): boolean {
    const order = super.get(id);
    if (order && order.clOrdId !== '') {
      const mine = this.byClientId.get(order.userId);
      if (mine?.get(order.clOrdId) === order) {
        mine.delete(order.clOrdId);
        if (mine.size === 0) this.byClientId.delete(order.userId);
      }
    }
    return super.delete(id);
  }

  override clear(): void {
    this.byClientId.clear();
    super.clear();
  }

  /** The user's live order with this clOrdId, if any. */
  withClientId(userId: string, clOrdId: string): LiveOrder | undefined {
    return this.byClientId.get(userId)?.get(clOrdId);
  }
}
