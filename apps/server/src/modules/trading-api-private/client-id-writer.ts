import type { Database } from '../../db/database.js';
import type { ClientIds } from './client-ids.js';
import { GroupWriter, type GroupLimits } from './group-writer.js';

interface Reservation extends ClientIds {
  userId: string;
}

/** A reservation's outcome: bound to the order placed, or freed (`orderId` null) when none was. */
interface Settlement {
  reservation: string;
  orderId: string | null;
}

/**
 * A statement's rows: the ledger's batch goes to 1,000 orders or so, and a statement of a few
 * thousand rows still takes a few milliseconds; the queue holds what a full ledger queue (10,000
 * jobs) would place, so it fills only when the ledger's does.
 */
const LIMITS: GroupLimits = { batch: 4_000, queue: 20_000 };

/**
 * What waits for a binding is at most every reservation not yet settled (those waiting, the group
 * being written, and the orders in the ledger's queue of 10,000 jobs): this bound is above that, so
 * the binding of an order already placed is not refused as busy.
 */
const settlementLimits = (reservations: GroupLimits): GroupLimits => ({ batch: reservations.batch, queue: 2 * reservations.queue + reservations.batch });

const userKey = (userId: string, clOrdId: string, tag: string) => `${userId.toLowerCase()}\u0000${clOrdId}\u0000${clOrdId === '' ? tag : ''}`;

/**
 * The spot orders' client ids of every OKX call of this process, taken and settled a group of
 * calls at a time (`GroupWriter`): a clOrdId is still taken before its order goes to the spot
 * service, and bound or freed before the call answers.
 */
export class ClientIdWriter {
  private readonly reservations: GroupWriter<Reservation, string | null>;
  private readonly settlements: GroupWriter<Settlement, true>;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
    limits: GroupLimits = LIMITS,
  ) {
    this.reservations = new GroupWriter((items) => this.reserveAll(items), limits);
    this.settlements = new GroupWriter((items) => this.settleAll(items), settlementLimits(limits));
  }

  /**
   * Takes the user's client ids (their clOrdIds all different): each one's reservation, or null
   * where its clOrdId was taken already, by an earlier call or one in the same group.
   */
  reserve(userId: string, ids: readonly ClientIds[]): Promise<(string | null)[]> {
    return this.reservations.run(ids.map((i) => ({ userId, clOrdId: i.clOrdId, tag: i.tag })));
  }

  /** Binds the placed orders to their reservations and frees the refused orders' ones. */
  async settle(placed: readonly { reservation: string; orderId: string }[], refused: readonly string[]): Promise<void> {
    await this.settlements.run([...placed, ...refused.map((reservation) => ({ reservation, orderId: null }))]);
  }

  private async reserveAll(items: readonly Reservation[]): Promise<(string | null)[]> {
    const res = await this.db.query<{ id: string; user_id: string; cl_ord_id: string; tag: string }>(
      `INSERT INTO okx_client_orders (user_id, cl_ord_id, tag, order_id, created_at)
       SELECT r.user_id, r.cl_ord_id, r.tag, NULL, $4::timestamptz FROM unnest($1::uuid[], $2::text[], $3::text[]) AS r(user_id, cl_ord_id, tag)
       ON CONFLICT (user_id, cl_ord_id) WHERE cl_ord_id <> '' DO NOTHING RETURNING id, user_id, cl_ord_id, tag`,
      [items.map((r) => r.userId), items.map((r) => r.clOrdId), items.map((r) => r.tag), this.now()],
    );
    // A clOrdId twice in one group is inserted once, and its id goes to the earlier call, as if the
    // calls had come one after the other. Rows with a tag and no clOrdId cannot collide: those of the
    // same user and tag are alike, and each call takes one.
    const taken = new Map<string, string[]>();
    for (const row of res.rows) {
      const key = userKey(row.user_id, row.cl_ord_id, row.tag);
      const ids = taken.get(key);
      if (ids) ids.push(String(row.id));
      else taken.set(key, [String(row.id)]);
    }
    return items.map((r) => taken.get(userKey(r.userId, r.clOrdId, r.tag))?.shift() ?? null);
  }

  private async settleAll(items: readonly Settlement[]): Promise<true[]> {
    const bound = items.filter((s): s is { reservation: string; orderId: string } => s.orderId !== null);
    const freed = items.filter((s) => s.orderId === null).map((s) => s.reservation);
    await this.db.query(
      `WITH bound AS (
         UPDATE okx_client_orders c SET order_id = x.order_id FROM unnest($1::bigint[], $2::text[]) AS x(id, order_id) WHERE c.id = x.id
       )
       DELETE FROM okx_client_orders WHERE id = ANY($3::bigint[]) AND order_id IS NULL`,
      [bound.map((s) => s.reservation), bound.map((s) => s.orderId), freed],
    );
    return items.map(() => true as const);
  }
}

const writers = new WeakMap<Database, ClientIdWriter>();

/** The process's writer for this database: its REST calls and its sockets' ops group together. */
export function clientIdWriterOf(db: Database, now: () => Date): ClientIdWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = new ClientIdWriter(db, now);
    writers.set(db, writer);
  }
  return writer;
}
