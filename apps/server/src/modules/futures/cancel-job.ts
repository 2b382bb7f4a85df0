import type { LedgerTx } from '../../ledger/ledger.js';
import { afterEngine, hasIds, type Desk } from './desk.js';
import { cancelResting } from './fill-booking.js';
import type { LiveOrder } from './types.js';

/**
 * Cancels the user's orders of `orderIds` that still rest on a book (an opening order's hold comes
 * back to the wallet as the order ends; what filled stays in its position). An id that is gone from
 * the books, or another user's, is left alone: the answer lists what was canceled.
 */
export function applyCancel(desk: Desk, userId: string, orderIds: readonly string[], tx: LedgerTx): LiveOrder[] {
  const mine = orderIds.map((id) => desk.book.restingOrder(id)).filter((o): o is LiveOrder => o !== undefined && o.userId === userId);
  const venues = mine.map((o) => desk.venueOf(o.instId));
  if (!venues.every((v) => hasIds(desk, v))) throw tx.deferral();
  const b = desk.batchOf(tx);
  mine.forEach((o, i) => afterEngine(() => cancelResting(desk, tx, b, venues[i] as (typeof venues)[number], o.id)));
  return mine.filter((o) => !o.orderOpen);
}
