import type { FuturesService } from './futures-service.js';
import { toOpenOrder } from './list-views.js';

/**
 * The private feed's `futures-orders` channel: every committed change of a user's futures order
 * (placed, filled in part, filled, canceled), as GET /futures/orders/open shows it, `open` false
 * once it left the book.
 */
export function orderUpdates(futures: FuturesService) {
  return (listener: (userId: string, row: () => unknown) => void): (() => void) =>
    futures.onOrders((orders) => {
      for (const o of orders) listener(o.userId, () => toOpenOrder(o));
    });
}
