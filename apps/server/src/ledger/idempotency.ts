import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../db/database.js';
import { walletMessages } from '@exchange/contract';
import { AppError } from '../errors.js';

export interface StoredAnswer<T> {
  statusCode: number;
  body: T;
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** Stable hash of a request body: object keys sorted, so field order does not matter. */
export function hashRequest(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;
  return createHash('sha256').update(JSON.stringify(canonical(value))).digest('hex');
}

/**
 * Runs fn at most once per (user, key). The key row is inserted first in the same transaction as
 * fn's writes, so a concurrent duplicate blocks on the primary key until the first commits, then
 * reads the stored answer. If fn throws, everything rolls back and a retry runs afresh.
 */
export async function withIdempotency<T>(
  db: Database,
  userId: string,
  key: string,
  requestHash: string,
  fn: (q: Queryable) => Promise<{ statusCode: number; body: T }>,
): Promise<StoredAnswer<T>> {
  return db.tx(async (q) => {
    const claimed = await q.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, requestHash],
    );
    if (claimed.rowCount === 0) {
      const stored = await q.query<{ request_hash: string; response: T; status_code: number }>(
        'SELECT request_hash, response, status_code FROM idempotency_keys WHERE user_id = $1 AND key = $2',
        [userId, key],
      );
      const row = stored.rows[0];
      if (!row) throw new Error('idempotency key vanished after conflict');
      if (row.request_hash !== requestHash) {
        throw new AppError(422, walletMessages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
      }
      return { statusCode: row.status_code, body: row.response, replayed: true };
    }
    const answer = await fn(q);
    await q.query('UPDATE idempotency_keys SET response = $3, status_code = $4 WHERE user_id = $1 AND key = $2', [
      userId,
      key,
      JSON.stringify(answer.body),
      answer.statusCode,
    ]);
    return { ...answer, replayed: false };
  });
}
