import type { Queryable } from '../../db/database.js';

/** The client's own id and tag of an order (empty strings when it gave none). */
export interface ClientIds {
  clOrdId: string;
  tag: string;
}

export const NO_CLIENT_IDS: ClientIds = { clOrdId: '', tag: '' };

/** Spot orders' client ids, or contract orders' (their ids are another sequence, so they may repeat a spot order's). */
export type ClientIdTable = 'okx_client_orders' | 'okx_swap_client_orders';

/** Takes the user's clOrdId before the order is placed; false when it is taken already. */
export async function reserveClientId(q: Queryable, userId: string, ids: ClientIds, at: Date, table: ClientIdTable = 'okx_client_orders'): Promise<boolean> {
  const res = await q.query(
    `INSERT INTO ${table} (user_id, cl_ord_id, tag, order_id, created_at) VALUES ($1, $2, $3, NULL, $4)
     ON CONFLICT (user_id, cl_ord_id) DO NOTHING`,
    [userId, ids.clOrdId, ids.tag, at],
  );
  return (res.rowCount ?? 0) === 1;
}

/** Takes several of the user's clOrdIds (all different) in one statement; returns those that were free. */
export async function reserveClientIds(q: Queryable, userId: string, ids: readonly ClientIds[], at: Date): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const res = await q.query<{ cl_ord_id: string }>(
    `INSERT INTO okx_client_orders (user_id, cl_ord_id, tag, order_id, created_at)
     SELECT $1::uuid, x.cl_ord_id, x.tag, NULL, $4::timestamptz FROM unnest($2::text[], $3::text[]) AS x(cl_ord_id, tag)
     ON CONFLICT (user_id, cl_ord_id) DO NOTHING RETURNING cl_ord_id`,
    [userId, ids.map((i) => i.clOrdId), ids.map((i) => i.tag), at],
  );
  return new Set(res.rows.map((r) => r.cl_ord_id));
}

/** The placed orders' ids on their reserved clOrdIds, and the refused orders' clOrdIds freed, in one statement each. */
export async function settleClientIds(q: Queryable, userId: string, placed: readonly { clOrdId: string; orderId: string }[], refused: readonly string[]): Promise<void> {
  if (placed.length > 0) {
    await q.query(
      `UPDATE okx_client_orders c SET order_id = x.order_id FROM unnest($2::text[], $3::text[]) AS x(cl_ord_id, order_id)
       WHERE c.user_id = $1 AND c.cl_ord_id = x.cl_ord_id`,
      [userId, placed.map((p) => p.clOrdId), placed.map((p) => p.orderId)],
    );
  }
  if (refused.length > 0) {
    await q.query('DELETE FROM okx_client_orders WHERE user_id = $1 AND cl_ord_id = ANY($2::text[]) AND order_id IS NULL', [userId, refused]);
  }
}

/** The placed order's id on its reserved clOrdId. */
export async function bindClientId(q: Queryable, userId: string, clOrdId: string, orderId: string, table: ClientIdTable = 'okx_client_orders'): Promise<void> {
  await q.query(`UPDATE ${table} SET order_id = $3 WHERE user_id = $1 AND cl_ord_id = $2`, [userId, clOrdId, orderId]);
}

/** Frees a clOrdId whose order was refused. */
export async function releaseClientId(q: Queryable, userId: string, clOrdId: string, table: ClientIdTable = 'okx_client_orders'): Promise<void> {
  await q.query(`DELETE FROM ${table} WHERE user_id = $1 AND cl_ord_id = $2 AND order_id IS NULL`, [userId, clOrdId]);
}

/** The order a user's clOrdId names, or null. */
export async function orderOfClientId(q: Queryable, userId: string, clOrdId: string, table: ClientIdTable = 'okx_client_orders'): Promise<string | null> {
  const res = await q.query<{ order_id: string | null }>(`SELECT order_id FROM ${table} WHERE user_id = $1 AND cl_ord_id = $2`, [userId, clOrdId]);
  return res.rows[0]?.order_id ?? null;
}

/** The client ids of these orders of the user, by order id. */
export async function clientIdsOf(
  q: Queryable,
  userId: string,
  orderIds: readonly string[],
  table: ClientIdTable = 'okx_client_orders',
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
