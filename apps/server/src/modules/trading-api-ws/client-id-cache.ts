import type { Database } from '../../db/database.js';
import { FifoMap } from '../../shared/fifo-map.js';
import { NO_CLIENT_IDS, settledClientIdsOf, type ClientIds } from '../trading-api-private/index.js';

/** Orders whose client ids are kept in memory; the oldest go first, and a miss is read from the database. */
const MAX_ORDERS = 50_000;

/**
 * The clOrdId and tag of orders, for the `orders` pushes: those placed over this socket are known
 * as they are placed; others (placed over REST or the web) are read once per push. A push waits for
 * the user's placements in flight here, whose order ids it may carry before their placement returns,
 * and for those in flight in any process (REST, another socket): `settledClientIdsOf`.
 */
export class ClientIdCache {
  private readonly ids = new FifoMap<string, ClientIds>(MAX_ORDERS);
  private readonly running = new Map<string, Set<Promise<unknown>>>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  remember(orderId: string, ids: ClientIds): void {
    if (!orderId) return;
    this.ids.set(orderId, ids);
  }

  /** Runs a placement of the user's, known to the pushes while it runs. */
  async placing<T>(userId: string, work: Promise<T>): Promise<T> {
    let set = this.running.get(userId);
    if (!set) {
      set = new Set();
      this.running.set(userId, set);
    }
    set.add(work);
    try {
      return await work;
    } finally {
      set.delete(work);
      if (set.size === 0) this.running.delete(userId);
    }
  }

  /** The client ids of these orders of the user, once the user's placements in flight have returned. */
  async of(userId: string, orderIds: readonly string[]): Promise<Map<string, ClientIds>> {
    const inFlight = this.running.get(userId);
    if (inFlight) await Promise.allSettled([...inFlight]);
    const found = new Map<string, ClientIds>();
    const missing: string[] = [];
    for (const id of orderIds) {
      const known = this.ids.get(id);
      if (known) found.set(id, known);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const read = await settledClientIdsOf(this.db, userId, missing, this.now);
    for (const id of missing) {
      const ids = read.get(id) ?? NO_CLIENT_IDS;
      this.remember(id, ids);
      found.set(id, ids);
    }
    return found;
  }
}
