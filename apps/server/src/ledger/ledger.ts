import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database.js';
import { Dec } from '../shared/decimal.js';
import { LedgerBatch } from './batch.js';
import { afterSent, movedAway, refusedByDatabase } from './batch-outcomes.js';
import { AccountDirectory } from './directory.js';
import { LedgerBusy } from './errors.js';
import { LedgerWriteFailed, VenueMoved, type CycleParticipant, type LedgerJob, type VenueFence } from './ledger-contract.js';
import { batchTx } from './ledger-tx.js';
import { answersOf, DEFER, runJobs, type Built, type BuiltBatch, type Flight, type Outcome, type Pending } from './built-batch.js';
import type { AccountRef } from './postings.js';
import type { RecordWriter } from './records.js';
import { RefusalLog } from './refusal-log.js';
import { BatchStatements, VENUE_LEASE_LOST, type BatchStatement } from './statement.js';

export { LedgerWriteFailed, VenueMoved, type CycleParticipant, type LedgerJob, type LedgerTx, type VenueFence } from './ledger-contract.js';

const DEFAULT_MAX_BATCH = 500;
const noop = () => undefined;
/**
 * Jobs waiting for a batch before users' jobs are refused: about two seconds of work at the 5,000
 * orders/s the server is built for. A request that would wait longer is better refused at once,
 * with a time to retry, than answered after its client gave up, and memory stays bounded.
 */
export const DEFAULT_MAX_QUEUE = 10_000;
/** A job whose batch the database refused is run again this many times before it fails. */
const MAX_ATTEMPTS = 3;
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
 * each account's available balance as its last write returned it, moved on by the batch being
 * written (the next one is built meanwhile), so deciding needs no round trip; as every flow of this
 * process goes through here, only another process can make a cached value wrong, and the database's
 * non-negative check then refuses the batch, which runs again on fresh reads.
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
  /** Wakes the loop waiting for a write when a job arrives, to build the next batch meanwhile. */
  private arrival: (() => void) | null = null;

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
      this.arrival?.();
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
   * The account's available balance as this process's batches left it (the one being written
   * counted in), or undefined when it is not cached. A read for risk figures between batches (a
   * cross-margin liquidation price), never a basis for spending: jobs decide on `tx.available`.
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
   * Batches in a pipeline of two: while one batch's statement is written, the next one's jobs run
   * and its statement is built, so the server's work overlaps the database's (issue 42: one after
   * the other, they filled each second at 15,000 orders/s). One statement is in flight at a time,
   * so batches commit in order. The batch built ahead sees the written one's changes as if
   * committed (its accounts' cached balances moved on by its deltas); when the written one fails,
   * the one built ahead is undone unwritten and its jobs run again. A batch whose jobs must read a
   * balance the written one changes waits for it.
   *
   * A committed batch's answers go out on the tick after the next batch's statement was handed to
   * node-postgres (the pool sends it on the first tick), so replying never delays the database; and
   * they go out in the same turn of the event loop as the result that let them, not in the next one:
   * what they write (HTTP replies, answers and venue messages to other processes, gathered per turn)
   * leaves in that turn.
   */
  private async drain(): Promise<void> {
    let answers = afterSent(null);
    let flight: Flight | null = null;
    while (this.queue.length > 0 || flight !== null) {
      let next: Built | null = null;
      if (flight !== null) {
        const written = flight.written.then(noop, noop);
        if (this.queue.length === 0) await Promise.race([written, new Promise<void>((resolve) => (this.arrival = resolve))]);
        this.arrival = null;
        // The other jobs that arrive in this turn of the event loop are read off their sockets first,
        // unless the write came back: then its answers go out in this turn, after the next batch's write.
        await Promise.race([written, new Promise((resolve) => setImmediate(resolve))]);
      }
      if (this.queue.length > 0) next = await this.build(this.queue.splice(0, this.maxBatch), flight);
      if (flight !== null) {
        const committed = await this.settle(flight, next);
        flight = null;
        if (committed === null) {
          next = null;
        } else {
          // Answers keep their batches' order, however soon the next batch came back (PGlite answers without I/O).
          answers.flush();
          answers = afterSent(committed);
        }
      }
      if (next === null) continue;
      if (next.kind === 'failed') {
        answers.sent();
        await next.fail();
      } else if (next.statement === null) {
        answers.sent();
        answers.flush();
        answers = afterSent(answersOf(next));
      } else {
        const { sql, params, name } = next.statement;
        flight = { built: next, written: this.opts.db.query<{ id: string; available: string }>(sql, params, name) };
        answers.sent();
      }
      // Nothing ran: the event loop turns before the jobs run again, so jobs that wait for something
      // (ids, a fresh read) cannot keep I/O from happening by retrying in microtasks.
      if (next.kind === 'batch' && next.allDeferred) await new Promise((resolve) => setImmediate(resolve));
    }
    answers.flush();
  }

  /**
   * Reads what the cache lacks, runs the jobs and builds their statement, without writing it. With a
   * batch in flight, a job that needs a balance read which that batch changes puts the jobs back and
   * waits for it (null). A failure is returned to be handled once the batch in flight settled.
   */
  private async build(items: Pending[], flight: Flight | null): Promise<Built | null> {
    const fresh = new Set<AccountRef>();
    const toRead = new Set<AccountRef>();
    for (const p of items) {
      const reads = p.job.reads;
      if (reads) for (const a of reads) if (p.fresh || !this.balances.has(a)) toRead.add(a);
      for (const a of p.extraReads) toRead.add(a);
    }
    if (flight !== null) {
      for (const a of toRead) {
        if (flight.built.accounts.has(a)) {
          this.queue.unshift(...items);
          return null;
        }
      }
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
      return { kind: 'failed', items, states: new Map(), fail: () => this.fail(items, [], err, null, new Map()) };
    }

    const batch = new LedgerBatch();
    const states = new Map<CycleParticipant<unknown>, unknown>();
    let current: Pending | null = null;
    const tx = batchTx({ balances: this.balances, participants: this.participants, batch, fresh, states, readNextTime: (a) => current?.extraReads.push(a) });
    const { outcomes, deferred, bug: thrown } = runJobs(items, tx, batch, (p) => (current = p), this.opts.log);
    let bug = thrown;
    this.queue.unshift(...deferred);
    if (bug === null) {
      try {
        batch.checkBooks();
      } catch (err) {
        bug = err;
      }
    }
    const failed = (err: unknown, ...how: [boolean, Error]) => ({ kind: 'failed' as const, items, states, fail: () => this.fail(items, outcomes, err, batch, states, ...how) });
    if (bug !== null) return failed(bug, false, movedAway(bug) ? new VenueMoved() : new LedgerWriteFailed());

    for (const [participant, state] of states) participant.seal?.(state);
    // Only the venue services take part in batches, so a participant's state means venue commands ran.
    const fenceEpoch = states.size > 0 && this.fence ? this.fence.epoch() : null;
    if (states.size > 0 && this.fence && fenceEpoch === null) {
      this.fence.lost();
      return failed(new Error(VENUE_LEASE_LOST), false, new VenueMoved());
    }
    const built: BuiltBatch = { kind: 'batch', items, outcomes, batch, states, fenceEpoch, statement: null, accounts: new Set(), allDeferred: deferred.length === items.length };
    if (!batch.isEmpty()) {
      try {
        built.accounts = new Set(batch.accounts());
        const idOf = await this.directory.resolve(this.opts.db, [...built.accounts]);
        built.statement = this.statementsOf().of(batch, idOf, fenceEpoch);
      } catch (err) {
        const refused = refusedByDatabase(err);
        return failed(err, refused, new LedgerWriteFailed());
      }
      // What the batch built next sees: this one's changes, as if it had committed.
      for (const [a, change] of batch.changes) {
        const cached = this.balances.get(a);
        if (cached !== undefined && !change.available.isZero()) this.balances.set(a, cached.plus(change.available));
      }
    }
    return built;
  }

  /**
   * Waits for the batch in flight. Committed: its accounts' balances become what the statement
   * returned, except those the batch built since changed again (theirs come with that one's write),
   * and what answers its jobs is returned. Failed: the batch built since is undone unwritten (its
   * jobs go back to the queue's front, in order, to run again) and the failure is handled; null.
   */
  private async settle(flight: Flight, next: Built | null): Promise<(() => void) | null> {
    const { built } = flight;
    try {
      const res = await flight.written;
      const { changed } = built.statement as BatchStatement;
      if (res.rows.length !== changed.size) throw new Error('a ledger account of the batch is missing');
      const later = next?.kind === 'batch' ? next.accounts : null;
      for (const r of res.rows) {
        const account = changed.get(r.id) as AccountRef;
        if (later === null || !later.has(account)) this.balances.set(account, new Dec(r.available));
      }
      return answersOf(built);
    } catch (err) {
      if (next !== null) this.undo(next);
      if (built.fenceEpoch !== null && String((err as Error | null)?.message).includes(VENUE_LEASE_LOST)) {
        this.fence?.lost();
        await this.fail(built.items, built.outcomes, err, built.batch, built.states, false, new VenueMoved());
      } else {
        const refused = refusedByDatabase(err);
        await this.fail(built.items, built.outcomes, err, built.batch, built.states, refused, new LedgerWriteFailed(), !refused);
      }
      if (next !== null) await this.restore(next.states);
      return null;
    }
  }

  /** A batch built on one that failed: never written; its jobs go back to the queue's front, in order, to run again. */
  private undo(built: Built): void {
    const mine = new Set(built.items);
    const rest = this.queue.filter((p) => !mine.has(p));
    this.queue.length = 0;
    this.queue.push(...built.items, ...rest);
    if (built.kind === 'batch') for (const a of built.accounts) this.balances.delete(a);
    for (const p of built.items) for (const a of p.job.reads ?? []) this.balances.delete(a);
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
    await this.restore(states);
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

  /** The participants bring their in-memory state back to the database's. */
  private async restore(states: Map<CycleParticipant<unknown>, unknown>): Promise<void> {
    for (const [participant, state] of states) {
      try {
        await participant.failed(state);
      } catch (failure) {
        this.opts.log.error({ err: failure }, 'restoring state after a failed ledger batch failed');
      }
    }
  }
}
