import type { Queryable } from '../../db/database.js';
import type { OutboxMail } from '@exchange/contract';

const LIMIT = 100;

/** The mails of one recipient, newest first. */
export async function listOutbox(q: Queryable, to: string): Promise<OutboxMail[]> {
  const res = await q.query<{ to_address: string; subject: string; body: string; created_at: Date }>(
    `SELECT to_address, subject, body, created_at FROM outbox
     WHERE to_address = $1 ORDER BY id DESC LIMIT ${LIMIT}`,
    [to],
  );
  return res.rows.map((r) => ({
    to: r.to_address,
    subject: r.subject,
    text: r.body,
    created_at: new Date(r.created_at).toISOString(),
  }));
}
