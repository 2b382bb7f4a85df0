import type { Queryable } from '../../db/database.js';

/** The client's own id and tag of an order (empty strings when it gave none). */
export interface ClientIds {
  clOrdId: string;
  tag: string;
}

export const NO_CLIENT_IDS: ClientIds = { clOrdId: '', tag: '' };

/**
 * Contract orders' client ids (spot orders carry theirs themselves, spot's version 59): a contract
 * order's id comes from the futures sequence and may equal a spot order's.
 */
const table = 'okx_swap_client_orders';

/**
 * Takes the user's clOrdId (when one is given) before the order is placed and keeps its tag: the
 * reservation's id, or null when the clOrdId is taken already. Until it is bound, the `orders`
 * pushes know a placement of the user's is in flight.
 */
export async function reserveClientId(q: Queryable, userId: string, ids: ClientIds, at: Date): Promise<string | null> {
  const res = await q.query<{ id: string }>(
    `INSERT INTO ${table} (user_id, cl_ord_id, tag, order_id, created_at) VALUES ($1, $2, $3, NULL, $4)
     ON CONFLICT (user_id, cl_ord_id) WHERE cl_ord_id <> '' DO NOTHING RETURNING id`,
    [userId, ids.clOrdId, ids.tag, at],
  );
  return res.rows[0] ? String(res.rows[0].id) : null;
}

/** The placed order's id on its reservation. */
export async function bindClientId(q: Queryable, reservation: string, orderId: string): Promise<void> {
  await q.query(`UPDATE ${table} SET order_id = $2 WHERE id = $1`, [reservation, orderId]);
}

/** Frees the reservation of an order that was refused. */
export async function releaseClientId(q: Queryable, reservation: string): Promise<void> {
  await q.query(`DELETE FROM ${table} WHERE id = $1 AND order_id IS NULL`, [reservation]);
}

/** The order a user's clOrdId names, or null. */
export async function orderOfClientId(q: Queryable, userId: string, clOrdId: string): Promise<string | null> {
  const res = await q.query<{ order_id: string | null }>(`SELECT order_id FROM ${table} WHERE user_id = $1 AND cl_ord_id = $2 AND cl_ord_id <> ''`, [userId, clOrdId]);
  return res.rows[0]?.order_id ?? null;
}

/** The client ids of these orders of the user, by order id. */
export async function clientIdsOf(
  q: Queryable,
  userId: string,
  orderIds: readonly string[],
): Promise<Map<string, ClientIds>> {
  const found = new Map<string, ClientIds>();
  if (orderIds.length === 0) return found;
  const res = await q.query<{ order_id: string; cl_ord_id: string; tag: string }>(
    `SELECT order_id, cl_ord_id, tag FROM ${table} WHERE user_id = $1 AND order_id = ANY($2::text[])`,
    [userId, orderIds],
  );
  for (const r of res.rows) found.set(r.order_id, { clOrdId: r.cl_ord_id, tag: r.tag });
  return found;
}

/** How long a reservation counts as a placement in flight: one older was left by a process that stopped mid-placement. */
const IN_FLIGHT_MS = 30_000;
/** How long a push waits for the user's placements in flight to bind, and how often it looks again. */
const BIND_WAIT_MS = 2_000;
const BIND_POLL_MS = 5;

/**
 * The client ids of these orders of the user, as `clientIdsOf`, once the placements of the user's
 * that are in flight in any process have bound their orders: an order's first push may come before
 * the call that placed it returned, and must carry the clOrdId and tag it was placed with. An order
 * with none (placed on the web, or without them) waits only while a reservation of the user's is
 * unbound, and at most BIND_WAIT_MS.
 */
export async function settledClientIdsOf(
  q: Queryable,
  userId: string,
  orderIds: readonly string[],
  now: () => Date,
): Promise<Map<string, ClientIds>> {
  const deadline = Date.now() + BIND_WAIT_MS;
  for (;;) {
    // Looked at before the read: a placement bound after this look is seen by the read.
    const since = new Date(now().getTime() - IN_FLIGHT_MS);
    const pending = await q.query(`SELECT 1 FROM ${table} WHERE user_id = $1 AND order_id IS NULL AND created_at > $2 LIMIT 1`, [userId, since]);
    const found = await clientIdsOf(q, userId, orderIds);
    if (found.size === orderIds.length || pending.rows.length === 0 || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, BIND_POLL_MS));
  }
}
