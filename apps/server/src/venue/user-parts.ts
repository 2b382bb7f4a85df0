import type { VenueCommitted } from './events.js';

interface UserPart {
  orders: VenueCommitted['orders'][number][];
  fills: VenueCommitted['fills'][number][];
}

/**
 * A committed batch cut for the cluster's fan-out: the part every process needs and, for each user
 * with orders or fills in it, that user's part (the private feed's rows), each keeping its order.
 * Another process builds only candles, tickers and its market clock from a batch (its public feed
 * relays the owner's, and its venues are not live), so the shared part is the batch's trades: its
 * fill events. Most batches' other events (orders resting, cancelled) outnumber them several times,
 * and a batch without a trade has no shared part at all (null).
 */
export function splitByUser(message: VenueCommitted): { shared: VenueCommitted | null; users: Map<string, VenueCommitted> } {
  const parts = new Map<string, UserPart>();
  const partOf = (userId: string): UserPart => {
    let part = parts.get(userId);
    if (!part) {
      part = { orders: [], fills: [] };
      parts.set(userId, part);
    }
    return part;
  };
  for (const o of message.orders) partOf(o.userId).orders.push(o);
  for (const f of message.fills) partOf(f.userId).fills.push(f);
  const users = new Map<string, VenueCommitted>();
  for (const [userId, part] of parts) users.set(userId, { type: 'committed', instId: message.instId, events: [], ...part });
  const trades = message.events.filter((e) => e.type === 'fill');
  return { shared: trades.length > 0 ? { ...message, events: trades, orders: [], fills: [] } : null, users };
}
