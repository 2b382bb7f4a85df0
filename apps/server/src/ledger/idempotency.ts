import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { errorCodes, idempotencyKey, serverMessages } from '@exchange/contract';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';
import type { RecordWriter } from './records.js';

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
  const parsed = idempotencyKey.safeParse(key);
  if (!parsed.success) throw new AppError(400, parsed.error.issues.map((i) => i.message).join('; '), errorCodes.validation);
  return parsed.data;
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

/** An Idempotency-Key and the hash of the request it came with. */
export interface KeyedRequest {
  key: string;
  hash: string;
}

/** The request's Idempotency-Key with the hash of `request`, or undefined when it sent none; 400 when malformed. */
export function keyedRequest(headers: Record<string, string | string[] | undefined>, request: unknown): KeyedRequest | undefined {
  const key = idempotencyKeyOf(headers);
  return key === undefined ? undefined : { key, hash: hashRequest(request) };
}

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
 * An unanswered claim whose request can no longer answer: its process died between claiming and
 * writing, so after ABANDONED_AFTER_S; or, for a claim whose write must carry the venue lease's
 * epoch, as soon as the lease has a newer epoch (the fencing refuses that write for ever). Over `k`,
 * a row of idempotency_keys; `$3` is ABANDONED_AFTER_S.
 */
const ABANDONED = `(k.created_at < now() - make_interval(secs => $3)
  OR COALESCE(k.epoch < (SELECT l.epoch FROM venue_leases l WHERE l.name = 'venues'), false))`;

/** What became of a request sent with a key (contract: idempotencyOutcomeResponse). */
export type KeyOutcome = { outcome: 'done'; statusCode: number; answer: unknown } | { outcome: 'running' | 'none' };

/** The venues' fence as a claim sees it: the epoch its write will carry. */
export interface ClaimFence {
  epoch(): string | null;
}

/** A claim, named by its claim time: a request gives back only its own claim, never one taken over since. */
interface Claim {
  claimedAt: string;
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
  private fence: ClaimFence | null = null;

  constructor(private readonly db: Database) {}

  /** With several processes: fenced claims record the fence's epoch, so that a new owner takes a dead owner's claims over at once. */
  useFence(fence: ClaimFence): void {
    this.fence = fence;
  }

  /**
   * `fenced`: the request's answer is written only in a batch that carries the venue lease's epoch
   * (a spot order always runs a venue command), so its claim dies with that epoch.
   */
  async once<T>(
    userId: string,
    key: string,
    requestHash: string,
    run: (answer: Answer<T>) => Promise<{ statusCode: number; body: T }>,
    { fenced = false }: { fenced?: boolean } = {},
  ): Promise<IdempotentAnswer<T>> {
    const slot = `${userId}|${key}`;
    const epoch = fenced ? (this.fence?.epoch() ?? null) : null;
    for (;;) {
      const found = (await this.claim(userId, key, requestHash, epoch)) ?? (await this.wait(slot, userId, key, requestHash, epoch));
      if (found === 'released') continue;
      if ('claimedAt' in found) return { ...(await this.runClaimed(slot, userId, key, found, run)), replayed: false };
      return { statusCode: found.status_code ?? 200, body: found.response as T, replayed: true };
    }
  }

  /**
   * Every money flow's call: `run` once per key when the request carries one (its job records
   * `answer` with its effect, answered with `statusCode`; a duplicate gets the stored answer), and
   * plainly when it carries none.
   */
  async answer<T>(
    userId: string,
    keyed: KeyedRequest | undefined,
    statusCode: number,
    run: (answer?: Answer<T>) => Promise<T>,
    options: { fenced?: boolean } = {},
  ): Promise<{ answer: T; replayed: boolean }> {
    if (!keyed) return { answer: await run(), replayed: false };
    const stored = await this.once<T>(userId, keyed.key, keyed.hash, async (answer) => ({ statusCode, body: await run(answer) }), options);
    return { answer: stored.body, replayed: stored.replayed };
  }

  /** What became of the request the user sent with this key, for the outcome read (GET /api/v1/idempotency-keys/{key}). */
  async outcome(userId: string, key: string): Promise<KeyOutcome> {
    const res = await this.db.query<{ response: unknown; status_code: number | null; abandoned: boolean }>(
      `SELECT k.response, k.status_code, ${ABANDONED} AS abandoned FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = $2`,
      [userId, key, ABANDONED_AFTER_S],
    );
    const row = res.rows[0];
    if (row?.response != null) return { outcome: 'done', statusCode: row.status_code ?? 200, answer: row.response };
    return { outcome: row && !row.abandoned ? 'running' : 'none' };
  }

  private async runClaimed<T>(
    slot: string,
    userId: string,
    key: string,
    claim: Claim,
    run: (answer: Answer<T>) => Promise<{ statusCode: number; body: T }>,
  ): Promise<{ statusCode: number; body: T }> {
    const answer: Answer<T> = (statusCode, body) => ({ user_id: userId, key, status_code: statusCode, response: body });
    const promise = (async () => {
      try {
        return await run(answer);
      } catch (err) {
        // Answered means committed: only an unanswered claim is given back. A write still running
        // holds the row's lock, so this waits for it and then finds the answer.
        await this.db.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND response IS NULL AND created_at = $3::timestamptz', [
          userId,
          key,
          claim.claimedAt,
        ]);
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

  private async claim(userId: string, key: string, requestHash: string, epoch: string | null): Promise<Claim | null> {
    const res = await this.db.query<{ claim: string }>(
      `INSERT INTO idempotency_keys (user_id, key, request_hash, epoch) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING created_at::text AS claim`,
      [userId, key, requestHash, epoch],
      'idempotency-claim',
    );
    const claimedAt = res.rows[0]?.claim;
    return claimedAt === undefined ? null : { claimedAt };
  }

  /**
   * Looks at the stored row until it is answered ('released' when the first request gave the claim
   * back; a claim when it was abandoned and this request took it over).
   */
  private async wait(slot: string, userId: string, key: string, requestHash: string, epoch: string | null): Promise<StoredRow | 'released' | Claim> {
    for (;;) {
      await this.running.get(slot)?.catch(() => undefined);
      const res = await this.db.query<StoredRow>(
        `SELECT k.request_hash, k.response, k.status_code, k.created_at::text AS claimed_at, ${ABANDONED} AS abandoned
         FROM idempotency_keys k WHERE k.user_id = $1 AND k.key = $2`,
        [userId, key, ABANDONED_AFTER_S],
      );
      const row = res.rows[0];
      if (!row) return 'released';
      if (row.request_hash !== requestHash) throw reused();
      if (row.response !== null) return row;
      if (row.abandoned) {
        const taken = await this.db.query<{ claim: string }>(
          `UPDATE idempotency_keys SET created_at = now(), epoch = $4
           WHERE user_id = $1 AND key = $2 AND response IS NULL AND created_at = $3::timestamptz RETURNING created_at::text AS claim`,
          [userId, key, row.claimed_at, epoch],
        );
        const claimedAt = taken.rows[0]?.claim;
        if (claimedAt !== undefined) return { claimedAt };
        continue;
      }
      if (!this.running.has(slot)) await sleep(POLL_MS);
    }
  }
}
