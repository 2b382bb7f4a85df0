import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverMessages } from '@exchange/contract';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';
import type { RecordWriter } from './records.js';

const KEY = /^[\x21-\x7e]{1,200}$/;
/** How often a duplicate looks again for the first request's answer. */
const POLL_MS = 20;
/**
 * A claim still unanswered after this long belongs to a process that died between claiming and
 * writing (an answered request writes its answer in the same statement as its effect); a
 * duplicate may then take it over. Batches commit in milliseconds, so this is far beyond any
 * request that is still running.
 */
const ABANDONED_AFTER_S = 30;

/** Stable hash of a request: object keys sorted, so field order does not matter. */
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

/** The Idempotency-Key header of a request, when it sent one; 400 when it is malformed. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const key = headers['idempotency-key'];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !KEY.test(key)) {
    throw new AppError(400, 'Idempotency-Key must be 1 to 200 visible ASCII characters', 'VALIDATION');
  }
  return key;
}

export interface AnswerRow {
  user_id: string;
  key: string;
  status_code: number;
  response: unknown;
}

export interface IdempotentAnswer<T> {
  statusCode: number;
  body: T;
  /** The stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** The answer of a claimed request, as the row its ledger job records with its effect. */
export type Answer<T> = (statusCode: number, body: T) => AnswerRow;

/** Stores the answer with the effect it answers, in the same batch statement. */
export const answersWriter: RecordWriter<AnswerRow> = {
  name: 'idempotency_answers',
  paramCount: 1,
  sql: (n) => `UPDATE idempotency_keys k SET response = a.response, status_code = a.status_code
  FROM json_to_recordset($${n}::json) AS a(user_id uuid, key text, response jsonb, status_code integer)
  WHERE k.user_id = a.user_id AND k.key = a.key`,
  params: (rows) => [JSON.stringify(rows)],
};

const reused = () => new AppError(422, serverMessages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');

interface StoredRow {
  request_hash: string;
  response: unknown;
  status_code: number | null;
  abandoned: boolean;
  claimed_at: string;
}

/**
 * At most one effect per (user, Idempotency-Key), across processes. The key is claimed first in
 * the database; the request's ledger job records the answer in the same statement as its effect,
 * so an answer exists exactly when the effect committed. A duplicate replays the stored answer,
 * waiting for it while the first request runs; the same key with another request is 422. A refused
 * request gives its claim back, so a retry runs afresh.
 */
export class Idempotency {
  /** The writer a claimed request's job records its answer with (registered with the ledger by the core). */
  readonly answers = answersWriter;
  /** Requests of this process still running, by user and key: a duplicate here awaits it directly. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly db: Database) {}

  async once<T>(
    userId: string,
    key: string,
    requestHash: string,
    run: (answer: Answer<T>) => Promise<{ statusCode: number; body: T }>,
  ): Promise<IdempotentAnswer<T>> {
    const slot = `${userId}|${key}`;
    for (;;) {
      if (await this.claim(userId, key, requestHash)) return { ...(await this.runClaimed(slot, userId, key, run)), replayed: false };
      const stored = await this.wait(slot, userId, key, requestHash);
      if (stored === 'claimed') return { ...(await this.runClaimed(slot, userId, key, run)), replayed: false };
      if (stored !== 'released') return { statusCode: stored.status_code ?? 200, body: stored.response as T, replayed: true };
    }
  }

  private async runClaimed<T>(
    slot: string,
    userId: string,
    key: string,
    run: (answer: Answer<T>) => Promise<{ statusCode: number; body: T }>,
  ): Promise<{ statusCode: number; body: T }> {
    const answer: Answer<T> = (statusCode, body) => ({ user_id: userId, key, status_code: statusCode, response: body });
    const promise = (async () => {
      try {
        return await run(answer);
      } catch (err) {
        // Answered means committed: only an unanswered claim is given back. A write still running
        // holds the row's lock, so this waits for it and then finds the answer.
        await this.db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND response IS NULL', [userId, key]);
        throw err;
      }
    })();
    this.running.set(slot, promise);
    try {
      return await promise;
    } finally {
      this.running.delete(slot);
    }
  }

  private async claim(userId: string, key: string, requestHash: string): Promise<boolean> {
    const res = await this.db.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, requestHash],
      'idempotency-claim',
    );
    return res.rowCount > 0;
  }

  /**
   * Looks at the stored row until it is answered ('released' when the first request gave the claim
   * back; 'claimed' when it was abandoned and this request took it over).
   */
  private async wait(slot: string, userId: string, key: string, requestHash: string): Promise<StoredRow | 'released' | 'claimed'> {
    for (;;) {
      await this.running.get(slot)?.catch(() => undefined);
      const res = await this.db.query<StoredRow>(
        `SELECT request_hash, response, status_code, created_at::text AS claimed_at,
                created_at < now() - make_interval(secs => $3) AS abandoned
         FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
        [userId, key, ABANDONED_AFTER_S],
      );
      const row = res.rows[0];
      if (!row) return 'released';
      if (row.request_hash !== requestHash) throw reused();
      if (row.response !== null) return row;
      if (row.abandoned) {
        const taken = await this.db.query(
          `UPDATE idempotency_keys SET created_at = now()
           WHERE user_id = $1 AND key = $2 AND response IS NULL AND created_at = $3::timestamptz RETURNING key`,
          [userId, key, row.claimed_at],
        );
        if (taken.rowCount > 0) return 'claimed';
        continue;
      }
      if (!this.running.has(slot)) await sleep(POLL_MS);
    }
  }
}
