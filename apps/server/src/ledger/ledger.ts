import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database.js';
import { Dec } from '../shared/decimal.js';
import { LedgerBatch } from './batch.js';
import { afterSent, movedAway, refusedByDatabase } from './batch-outcomes.js';
import { AccountDirectory } from './directory.js';
import { AppError } from '../errors.js';
import { LedgerBusy } from './errors.js';
import { LedgerWriteFailed, VenueMoved, type CycleParticipant, type LedgerJob, type VenueFence } from './ledger-contract.js';
import { batchTx, StaleBalance } from './ledger-tx.js';
import type { AccountRef } from './postings.js';
import type { RecordWriter } from './records.js';
import { RefusalLog } from './refusal-log.js';
import { BatchStatements, VENUE_LEASE_LOST } from './statement.js';

export { LedgerWriteFailed, VenueMoved, type CycleParticipant, type LedgerJob, type LedgerTx, type VenueFence } from './ledger-contract.js';

const DEFAULT_MAX_BATCH = 500;
/**
 * Jobs waiting for a batch before users' jobs are refused: about two seconds of work at the 5,000
 * orders/s the server is built for. A request that would wait longer is better refused at once,
 * with a time to retry, than answered after its client gave up, and memory stays bounded.
 */
export const DEFAULT_MAX_QUEUE = 10_000;
/** A job whose batch the database refused is run again this many times before it fails. */
const MAX_ATTEMPTS = 3;
/** A job put off this many batches in a row is logged: something it waits for is not coming. */
const DEFERRALS_WORTH_A_WARNING = 1_000;

const DEFER = Symbol('defer');

interface Pending {
  job: LedgerJob<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  /** Its reads must come from the database, not the cache. */
  fresh: boolean;
  /** Accounts it found short on a cached or unread balance: read with its own reads next time. */
  extraReads: AccountRef[];
  attempts: number;
  /** Batches in a row that put it off. */
  deferrals: number;
  /** Queued while this process held the venues' fence (their owner among several processes). */
  queuedAsOwner: boolean;
}

type Outcome = { value: unknown } | { error: unknown } | typeof DEFER;

export interface LedgerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** Most jobs one batch takes. */
  maxBatch?: number;
  /** Most jobs waiting for a batch: past it a job that is not `system` is refused with LedgerBusy (503, Retry-After). */
  maxQueue?: number;
}

/**
 * The only writer of balances, holds and journal entries in this process. Every money flow submits
 * jobs; they run in arrival order in batches, and each batch is written as one statement that
 * PostgreSQL commits on its own (group commit: a batch commits as fast as one row). The writer keeps
 * each account's available balance as its last write returned it, so deciding needs no round trip;
 * as every flow of this process goes through here, only another process can make a cached value
 * wrong, and the database's non-negative check then refuses the batch, which runs again on fresh
 * reads.
 */
export class Ledger {
  readonly directory = new AccountDirectory();
  private readonly balances = new Map<AccountRef, Dec>();
  private readonly writers: RecordWriter<never>[] = [];
  private readonly participants: CycleParticipant<unknown>[] = [];
  private statements: BatchStatements | null = null;
  private readonly queue: Pending[] = [];
  private draining: Promise<void> | null = null;
  private scheduled = false;
  private readonly maxBatch: number;
  private readonly maxQueue: number;
  private readonly refusals: RefusalLog;
  private fence: VenueFence | null = null;

  constructor(private readonly opts: LedgerOptions) {
    this.maxBatch = opts.maxBatch ?? DEFAULT_MAX_BATCH;
    this.maxQueue = opts.maxQueue ?? DEFAULT_MAX_QUEUE;
    if (!Number.isInteger(this.maxQueue) || this.maxQueue < 1) throw new Error(`the ledger's maxQueue must be a positive integer, not ${this.maxQueue}`);
    this.refusals = new RefusalLog(opts.log, this.maxQueue);
  }

  /** Adds a module's rows to the batch statement; only before the first write. */
  register<R>(writer: RecordWriter<R>): RecordWriter<R> {
    if (this.statements !== null) throw new Error(`record writer ${writer.name} registered after the first write`);
    if (!/^[a-z][a-z0-9_]*$/.test(writer.name) || this.writers.some((w) => w.name === writer.name)) {
      throw new Error(`record writer name ${writer.name} is invalid or taken`);
    }
    this.writers.push(writer as RecordWriter<never>);
    return writer;
  }

  /** Takes part in every batch from now on. */
  participate<S>(participant: CycleParticipant<S>): void {
    this.participants.push(participant as CycleParticipant<unknown>);
  }

  /** Stops taking part (a venue service of a process that no longer owns the venues). */
  leave<S>(participant: CycleParticipant<S>): void {
    const i = this.participants.indexOf(participant as CycleParticipant<unknown>);
    if (i >= 0) this.participants.splice(i, 1);
  }

  /** From now on every batch that ran venue commands carries this fence's epoch (several processes). */
  useFence(fence: VenueFence): void {
    this.fence = fence;
  }

  /**
   * Runs the job in the next batch; resolves with its answer once that batch committed. Rejects at
   * once with LedgerBusy when `maxQueue` jobs are waiting already, unless it is a system job.
   */
  transact<T>(job: LedgerJob<T>): Promise<T> {
    if (this.full() && job.system !== true) {
      this.refusals.add();
      return Promise.reject(new LedgerBusy());
    }
    return new Promise<T>((resolve, reject) => {
      const queuedAsOwner = this.fence?.epoch() != null;
      this.queue.push({ job, resolve: resolve as (v: unknown) => void, reject, fresh: false, attempts: 0, deferrals: 0, extraReads: [], queuedAsOwner });
      this.schedule();
    });
  }

  /** Whether a job that is not `system` would be refused now (LedgerBusy). */
  full(): boolean {
    return this.queue.length >= this.maxQueue;
  }

  /**
   * Writes postings inside the caller's own transaction, outside the batches (the sign-up grant,
   * booked with the new user; tools and tests standing in for another process). The cached
   * balances of the accounts it touches are dropped.
   */
  async postNow<T>(q: Queryable, build: (batch: LedgerBatch) => T): Promise<T> {
    const batch = new LedgerBatch();
    const value = build(batch);
    if (!batch.isEmpty()) {
      batch.checkBooks();
      const idOf = await this.directory.resolve(q, batch.accounts(), true);
      const { sql, params, name } = this.statementsOf().of(batch, idOf);
      await q.query(sql, params, name);
    }
    for (const a of batch.accounts()) this.balances.delete(a);
    return value;
  }

  /**
   * The account's available balance as this process's last write left it, or undefined when it is
   * not cached. A read for risk figures between batches (a cross-margin liquidation price), never a
   * basis for spending: jobs decide on `tx.available`.
   */
  cachedAvailable(account: AccountRef): Dec | undefined {
    return this.balances.get(account);
  }

  /** Resolves once every job submitted so far has been answered. */
  async idle(): Promise<void> {
    while (this.draining || this.scheduled) {
      if (this.draining) await this.draining;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private statementsOf(): BatchStatements {
    this.statements ??= new BatchStatements(this.writers);
    return this.statements;
  }

  private schedule(): void {
    if (this.draining || this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.draining) return;
      this.draining = this.drain().finally(() => {
        this.draining = null;
        // A job may have arrived between the loop's last check and here.
        if (this.queue.length > 0) this.schedule();
      });
    });
  }

  /**
   * One batch at a time: a batch takes every job that arrived while the previous one was written,
   * so batches grow with the load. A committed batch's answers go out on the tick after the next
   * batch's statement was handed to node-postgres (the pool sends it on the first tick), so replying
   * never delays the database; and they go out in the same turn of the event loop as the result that
   * let them, not in the next one: what they write (HTTP replies, answers and venue messages to
   * other processes, gathered per turn) leaves in that turn.
   */
  private async drain(): Promise<void> {
    let deliver: (() => void) | null = null;
    while (this.queue.length > 0) {
      const previous = afterSent(deliver);
      deliver = await this.runBatch(this.queue.splice(0, this.maxBatch), previous.sent);
      // Answers keep their batches' order, however soon the next batch came back (PGlite answers without I/O).
      previous.flush();
    }
    deliver?.();
  }

  /** Reads what the cache lacks, runs the jobs, writes one statement. Resolves to what answers the jobs, or null when it failed. */
  private async runBatch(items: Pending[], sent: () => void): Promise<(() => void) | null> {
    const fresh = new Set<AccountRef>();
    const toRead = new Set<AccountRef>();
    for (const p of items) {
      const reads = p.job.reads;
      if (reads) for (const a of reads) if (p.fresh || !this.balances.has(a)) toRead.add(a);
      for (const a of p.extraReads) toRead.add(a);
    }
    try {
      for (const p of this.participants) await p.beforeBatch?.();
      if (toRead.size > 0) {
        for (const r of await this.directory.read(this.opts.db, [...toRead])) {
          this.balances.set(r.account, r.available);
          fresh.add(r.account);
        }
      }
    } catch (err) {
      sent();
      await this.fail(items, [], err, null, new Map());
      return null;
    }

    const batch = new LedgerBatch();
    const states = new Map<CycleParticipant<unknown>, unknown>();
    let current: Pending | null = null;
    const tx = batchTx({ balances: this.balances, participants: this.participants, batch, fresh, states, readNextTime: (a) => current?.extraReads.push(a) });
    const outcomes: Outcome[] = [];
    const putOff = new Set<object>();
    let bug: unknown = null;
    for (const p of items) {
      current = p;
      const chain = p.job.chain;
      if (chain && putOff.has(chain)) {
        outcomes.push(DEFER);
        continue;
      }
      const before = batch.version;
      try {
        outcomes.push({ value: p.job.run(tx) });
      } catch (err) {
        const clean = batch.version === before;
        if (clean && err instanceof StaleBalance) {
          outcomes.push(DEFER);
          if (chain) putOff.add(chain);
        } else if (clean && err instanceof AppError) {
          outcomes.push({ error: err });
        } else {
          bug = err;
          break;
        }
      }
    }
    const deferred = items.filter((_, i) => outcomes[i] === DEFER);
    for (const p of deferred) {
      p.fresh = true;
      p.deferrals += 1;
      // A job put off for ever answers nothing and logs nothing by itself (a book deeper than its trade ids once did that).
      if (p.deferrals === DEFERRALS_WORTH_A_WARNING) this.opts.log.warn({ deferrals: p.deferrals }, 'a ledger job has been put off batch after batch');
    }
    this.queue.unshift(...deferred);
    if (bug === null) {
      try {
        batch.checkBooks();
      } catch (err) {
        bug = err;
      }
    }
    if (bug !== null) {
      sent();
      await this.fail(items, outcomes, bug, batch, states, false, movedAway(bug) ? new VenueMoved() : new LedgerWriteFailed());
      return null;
    }

    for (const [participant, state] of states) participant.seal?.(state);
    // Only the venue services take part in batches, so a participant's state means venue commands ran.
    const fenceEpoch = states.size > 0 && this.fence ? this.fence.epoch() : null;
    if (states.size > 0 && this.fence && fenceEpoch === null) {
      this.fence.lost();
      sent();
      await this.fail(items, outcomes, new Error(VENUE_LEASE_LOST), batch, states, false, new VenueMoved());
      return null;
    }
    try {
      if (!batch.isEmpty()) {
        const idOf = await this.directory.resolve(this.opts.db, batch.accounts());
        const { sql, params, name, changed } = this.statementsOf().of(batch, idOf, fenceEpoch);
        const written = this.opts.db.query<{ id: string; available: string }>(sql, params, name);
        sent();
        const res = await written;
        if (res.rows.length !== changed.size) throw new Error('a ledger account of the batch is missing');
        for (const r of res.rows) this.balances.set(changed.get(r.id) as AccountRef, new Dec(r.available));
      }
    } catch (err) {
      sent();
      if (fenceEpoch !== null && String((err as Error | null)?.message).includes(VENUE_LEASE_LOST)) {
        this.fence?.lost();
        await this.fail(items, outcomes, err, batch, states, false, new VenueMoved());
      } else {
        const refused = refusedByDatabase(err);
        await this.fail(items, outcomes, err, batch, states, refused, new LedgerWriteFailed(), !refused);
      }
      return null;
    }
    // Nothing ran: the event loop turns before the jobs run again, so jobs that wait for something
    // (ids, a fresh read) cannot keep I/O from happening by retrying in microtasks.
    if (deferred.length === items.length) await new Promise((resolve) => setImmediate(resolve));
    return () => {
      for (const [participant, state] of states) participant.committed(state);
      items.forEach((p, i) => {
        const o = outcomes[i] as Outcome;
        if (o === DEFER) return;
        if ('value' in o) p.resolve(o.value);
        else p.reject(o.error);
      });
    };
  }

  /**
   * A batch that did not commit. Its participants rebuild their state from the database and the
   * cached balances it touched are dropped. When PostgreSQL refused the statement (so none of it
   * committed), its jobs run again on fresh balances, up to MAX_ATTEMPTS; otherwise (a lost
   * connection may have committed it; a bug) they fail.
   */
  private async fail(
    items: Pending[],
    outcomes: Outcome[],
    err: unknown,
    batch: LedgerBatch | null,
    states: Map<CycleParticipant<unknown>, unknown>,
    retryable = refusedByDatabase(err),
    rejection: Error = new LedgerWriteFailed(),
    mayHaveCommitted = false,
  ): Promise<void> {
    this.opts.log.error({ err }, 'ledger batch failed');
    // A batch that wrote nothing in a process whose venue lease has lapsed since its jobs were queued
    // (paused past the lease, say, and handing the venues over as it resumes) failed because the
    // venues moved: its jobs are answered as such, retryable on the new owner, not as a failed write.
    const moved = !mayHaveCommitted && this.fence !== null && this.fence.epoch() === null;
    for (const a of batch?.accounts() ?? []) this.balances.delete(a);
    for (const p of items) for (const a of p.job.reads ?? []) this.balances.delete(a);
    for (const [participant, state] of states) {
      try {
        await participant.failed(state);
      } catch (failure) {
        this.opts.log.error({ err: failure }, 'restoring state after a failed ledger batch failed');
      }
    }
    const again: Pending[] = [];
    items.forEach((p, i) => {
      if (outcomes[i] === DEFER) return;
      p.attempts += 1;
      if (moved && p.queuedAsOwner) {
        p.reject(new VenueMoved());
      } else if (retryable && p.attempts < MAX_ATTEMPTS) {
        p.fresh = true;
        again.push(p);
      } else {
        p.reject(rejection);
      }
    });
    this.queue.unshift(...again);
  }
}
