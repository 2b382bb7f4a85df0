import { USER_NOTIFICATIONS_KEPT, type NotificationBody, type UserNotification } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';

/** A notification to keep: whose, what, when, and the event it tells of (kept once per user). */
export interface NewNotification {
  userId: string;
  body: NotificationBody;
  at: Date;
  dedupeKey?: string;
}

interface Row {
  id: string | number;
  user_id: string;
  code: string;
  params: unknown;
  created_at: Date | string;
  read_at: Date | string | null;
}

const COLUMNS = 'id, user_id, code, params, created_at, read_at';

export function toNotification(r: Row): UserNotification {
  return {
    id: String(r.id),
    created_at: new Date(r.created_at).toISOString(),
    read: r.read_at !== null,
    code: r.code,
    params: typeof r.params === 'string' ? JSON.parse(r.params) : r.params,
  } as UserNotification;
}

/**
 * Keeps the notifications (one statement for any number of users) and drops, for each user among
 * them, what is past the newest USER_NOTIFICATIONS_KEPT. Answers the rows kept, with their owner;
 * an event told before is not kept again, and a user that does not exist keeps nothing.
 */
export async function insertNotifications(q: Queryable, list: readonly NewNotification[]): Promise<{ userId: string; row: UserNotification }[]> {
  if (list.length === 0) return [];
  const res = await q.query<Row>(
    `INSERT INTO user_notifications (user_id, code, params, dedupe_key, created_at)
     SELECT n.user_id, n.code, n.params::jsonb, n.dedupe_key, n.created_at
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) WITH ORDINALITY
            AS n(user_id, code, params, dedupe_key, created_at, ord)
       JOIN users u ON u.id = n.user_id
      ORDER BY n.ord
     ON CONFLICT (user_id, dedupe_key) DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      list.map((n) => n.userId),
      list.map((n) => n.body.code),
      list.map((n) => JSON.stringify(n.body.params)),
      list.map((n) => n.dedupeKey ?? null),
      list.map((n) => n.at.toISOString()),
    ],
  );
  const users = [...new Set(res.rows.map((r) => r.user_id))];
  if (users.length > 0) {
    await q.query(
      `DELETE FROM user_notifications d
        USING (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id DESC) AS n
                 FROM user_notifications WHERE user_id = ANY($1::uuid[])) old
        WHERE d.id = old.id AND old.n > $2`,
      [users, USER_NOTIFICATIONS_KEPT],
    );
  }
  return res.rows.map((r) => ({ userId: r.user_id, row: toNotification(r) }));
}

/** One page, newest first, from before the id `before` when given. */
export async function pageOf(q: Queryable, userId: string, limit: number, before?: string): Promise<{ items: UserNotification[]; nextBefore: string | null }> {
  const res = await q.query<Row>(
    `SELECT ${COLUMNS} FROM user_notifications
      WHERE user_id = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
      ORDER BY id DESC LIMIT $3`,
    [userId, before ?? null, limit + 1],
  );
  const items = res.rows.slice(0, limit).map(toNotification);
  return { items, nextBefore: res.rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

export async function unreadOf(q: Queryable, userId: string): Promise<number> {
  const res = await q.query<{ n: string | number }>('SELECT count(*) AS n FROM user_notifications WHERE user_id = $1 AND read_at IS NULL', [userId]);
  return Number(res.rows[0]?.n ?? 0);
}

/** Marks one of the user's own as read; false when the user has none with that id. */
export async function markRead(q: Queryable, userId: string, id: string, at: Date): Promise<boolean> {
  const res = await q.query('UPDATE user_notifications SET read_at = COALESCE(read_at, $3) WHERE user_id = $1 AND id = $2::bigint RETURNING id', [userId, id, at]);
  return res.rows.length > 0;
}

export async function markAllRead(q: Queryable, userId: string, at: Date): Promise<void> {
  await q.query('UPDATE user_notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL', [userId, at]);
}
