import type { FastifyBaseLogger } from 'fastify';
import { serverMessages } from '@exchange/contract';
import type { Database, Queryable } from '../db/database.js';
import { AppError, VenueMoved } from '../errors.js';
import { Dec } from '../shared/decimal.js';
import { allowsNegative } from './accounts.js';
import { LedgerBatch } from './batch.js';
import { AccountDirectory } from './directory.js';
import { InsufficientBalanceError, LedgerBusy } from './errors.js';
import type { AccountRef, Hold, Posting } from './postings.js';
import type { RecordWriter } from './records.js';
import { RefusalLog } from './refusal-log.js';
import { batchStatementParams, batchStatementSql, VENUE_LEASE_LOST } from './statement.js';

const ZERO = new Dec(0);
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
const WRITE_STATEMENT = 'ledger-batch-write';

/** What a job sees of the ledger while its batch is built. Synchronous: nothing else runs meanwhile. */
export interface LedgerTx {
  /** The account's available balance as its last write left it, plus this batch's changes. */
  available(account: AccountRef): Dec;
  /** The balance was read from the database for this batch (not taken from the cache). */
  isFresh(account: AccountRef): boolean;
  /**
   * What to throw when the balance cannot pay: `refusal` when it was read for this batch; else a
   * signal that makes the ledger run the job again on a fresh read, so nothing is refused on a
   * cached value that another process may have raised.
   */
  shortOf(account: AccountRef, refusal: Error): Error;
  /** What to throw, before changing anything, to run the job again in the next batch instead. */
  deferral(): Error;
  placeHold(account: AccountRef, amount: Dec, reason: string, ref?: string | null): Hold;
  release(hold: Hold): void;
  post(posting: Posting): string;
  record<R>(writer: RecordWriter<R>, row: R): void;
  /** The participant's state for this batch, created on first use. */
  stateOf<S>(participant: CycleParticipant<S>): S;
}

/**
 * A unit of work in the next batch. `run` decides and books synchronously; it may refuse by
 * throwing an AppError, but only before it changed anything (a job that throws after a change fails
 * its whole batch as a bug).
 */
export interface LedgerJob<T> {
  /** Accounts whose available balance `run` decides on: read before it runs when not cached. */
  reads?: readonly AccountRef[];
  run(tx: LedgerTx): T;
  /**
   * Work the process started itself (the simulated market, liquidations, funding, deliveries,
   * deposit credits, withdrawal payouts and releases, Earn interest, the convert desk's hedge): never
   * refused for a full queue, since refusing it would leave money half-moved or risk unwatched.
   * It does not grow the queue without bound: each such producer waits for its previous step, or
   * acts once on a record that a refusable job created (a cancelled withdrawal's release).
   */
  system?: boolean;
}

/**
 * A module that keeps in-memory state in step with what the ledger commits (the spot venues): it
 * gets a fresh state per batch, and hears whether the batch committed or not.
 */
export interface CycleParticipant<S> {
  /** Runs before each batch's jobs (to reserve ids, say); a failure fails the batch like a lost read. */
  beforeBatch?(): Promise<void>;
  begin(): S;
  /** The jobs have run and the write is about to be built: the last moment the batch's state is its own. */
  seal?(state: S): void;
  /** The batch committed; called just before its jobs' answers go out. */
  committed(state: S): void;
  /** The batch did not commit, or may not have: bring the in-memory state back to the database's. */
  failed(state: S): Promise<void>;
}

/** The batch of this request failed to commit (or may have: the connection was lost). */
export class LedgerWriteFailed extends AppError {
  constructor() {
    super(500, serverMessages.writeFailed, 'WRITE_FAILED');
    this.name = 'LedgerWriteFailed';
  }
}

/**
 * The fence of the venues' ownership as the ledger sees it: the epoch a batch that ran venue
 * commands must carry, and what to do when a write was refused for it.
 */
export interface VenueFence {
  /** The epoch of the lease this process holds, or null when it may not write the venues now. */
  epoch(): string | null;
  /** A venue batch was refused: another process owns the venues. Called before the venues are rebuilt. */
  lost(): void;
}

export { VenueMoved };

/** Run the job again in the next batch (its cached balance may be stale; ids ran short). */
class StaleBalance extends Error {}
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
  private sql: string | null = null;
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
    if (this.sql !== null) throw new Error(`record writer ${writer.name} registered after the first write`);
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
    if (this.queue.length >= this.maxQueue && job.system !== true) {
      this.refusals.add();
      return Promise.reject(new LedgerBusy());
    }
    return new Promise<T>((resolve, reject) => {
      const queuedAsOwner = this.fence?.epoch() != null;
      this.queue.push({ job, resolve: resolve as (v: unknown) => void, reject, fresh: false, attempts: 0, deferrals: 0, extraReads: [], queuedAsOwner });
      this.schedule();
    });
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
      const { params } = batchStatementParams(batch, this.writers, idOf);
      await q.query(this.statement(), params, WRITE_STATEMENT);
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

  private statement(): string {
    this.sql ??= batchStatementSql(this.writers);
    return this.sql;
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
    const tx = this.txOf(batch, fresh, states, (a) => current?.extraReads.push(a));
    const outcomes: Outcome[] = [];
    let bug: unknown = null;
    for (const p of items) {
      current = p;
      const before = batch.version;
      try {
        outcomes.push({ value: p.job.run(tx) });
      } catch (err) {
        const clean = batch.version === before;
        if (clean && err instanceof StaleBalance) outcomes.push(DEFER);
        else if (clean && err instanceof AppError) outcomes.push({ error: err });
        else {
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
        const { params, changed } = batchStatementParams(batch, this.writers, idOf, fenceEpoch);
        const written = this.opts.db.query<{ id: string; available: string }>(this.statement(), params, WRITE_STATEMENT);
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

  private txOf(
    batch: LedgerBatch,
    fresh: Set<AccountRef>,
    states: Map<CycleParticipant<unknown>, unknown>,
    readNextTime: (account: AccountRef) => void,
  ): LedgerTx {
    const available = (a: AccountRef) => (this.balances.get(a) ?? ZERO).plus(batch.availableDelta(a));
    const shortOf = (a: AccountRef, refusal: Error): Error => {
      if (fresh.has(a)) return refusal;
      readNextTime(a);
      return new StaleBalance();
    };
    // The ledger's own guard, whatever the flow checked: no user's available balance goes below zero.
    const cover = (a: AccountRef, amount: Dec): void => {
      if (!allowsNegative(a.owner) && available(a).lt(amount)) throw shortOf(a, new InsufficientBalanceError());
    };
    return {
      available,
      isFresh: (a) => fresh.has(a),
      shortOf,
      deferral: () => new StaleBalance(),
      placeHold: (a, amount, reason, ref) => {
        cover(a, amount);
        return batch.placeHold(a, amount, reason, ref);
      },
      release: (hold) => batch.release(hold),
      post: (posting) => {
        const debits = new Map<AccountRef, Dec>();
        for (const leg of posting.legs) {
          if (leg.hold || leg.amount.gte(0) || allowsNegative(leg.account.owner)) continue;
          debits.set(leg.account, (debits.get(leg.account) ?? ZERO).minus(leg.amount));
        }
        for (const [account, amount] of debits) cover(account, amount);
        return batch.post(posting);
      },
      record: (writer, row) => batch.record(writer, row),
      stateOf: <S>(participant: CycleParticipant<S>): S => {
        const key = participant as CycleParticipant<unknown>;
        // A participant that left is a venue service that closed: its venues moved to another process
        // (a job queued before the handover runs after it). Nothing of the batch is written.
        if (!this.participants.includes(key)) throw new VenueMoved();
        if (!states.has(key)) states.set(key, participant.begin());
        return states.get(key) as S;
      },
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

/** Whether a job failed because its venue service had closed, itself or behind a wrapper (a venue's AfterEngine). */
function movedAway(err: unknown): boolean {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof VenueMoved) return true;
  return false;
}

/**
 * A committed batch's answers, run once: on the tick after `sent` (called right after the next
 * statement was handed to the database, and on the paths that end a batch without one), or at
 * `flush`, whichever comes first.
 */
function afterSent(deliver: (() => void) | null): { sent: () => void; flush: () => void } {
  let pending = deliver;
  const flush = () => {
    const run = pending;
    pending = null;
    run?.();
  };
  return { sent: () => pending && process.nextTick(flush), flush };
}

/**
 * PostgreSQL refused the statement, so it rolled back whole: a broken constraint (a balance another
 * process lowered meanwhile), a deadlock or a serialization failure. Anything else, a lost
 * connection say, may have committed.
 */
function refusedByDatabase(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('23') || code.startsWith('40'));
}
