import type { LiveOrder } from './types.js';

const clientKey = (userId: string, clOrdId: string) => `${userId}\u0000${clOrdId}`;

/**
 * The orders the venues hold, by id, and by the user's client order id: a clOrdId is taken while
 * its order is here (live), as OKX has it, and free again once the order ended. Kept in step by
 * `set` and `delete`, the only ways in and out, so the venues' rebuild after a failed batch rebuilds
 * it too.
 */
export class LiveOrders extends Map<string, LiveOrder> {
  private readonly byClientId = new Map<string, LiveOrder>();

  override set(id: string, order: LiveOrder): this {
    super.set(id, order);
    if (order.clOrdId !== '') this.byClientId.set(clientKey(order.userId, order.clOrdId), order);
    return this;
  }

  override delete(id: string): boolean {
    const order = super.get(id);
    if (order && order.clOrdId !== '') {
      const key = clientKey(order.userId, order.clOrdId);
      if (this.byClientId.get(key) === order) this.byClientId.delete(key);
    }
    return super.delete(id);
  }

  override clear(): void {
    this.byClientId.clear();
    super.clear();
  }

  /** The user's live order with this clOrdId, if any. */
  withClientId(userId: string, clOrdId: string): LiveOrder | undefined {
    return this.byClientId.get(clientKey(userId, clOrdId));
  }
}
