import type { VenueCommitted } from './events.js';

interface UserPart {
  orders: VenueCommitted['orders'][number][];
  fills: VenueCommitted['fills'][number][];
}

/**
 * A committed batch cut for the cluster's fan-out: the part every process needs (its events: trades
 * for the candles and tickers) and, for each user with orders or fills in it, that user's part (the
 * private feed's rows), each keeping its order. The shared part is null when the batch had no events.
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
  return { shared: message.events.length > 0 ? { ...message, orders: [], fills: [] } : null, users };
}
