import { serverMessages } from '@exchange/contract';
import { AppError, VenueMoved } from '../errors.js';
import type { Dec } from '../shared/decimal.js';
import type { AccountRef, Hold, Posting } from './postings.js';
import type { RecordWriter } from './records.js';

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
  /**
   * Jobs that share a chain run in the order they were submitted, each seeing what the ones before
   * it did, as if each had waited for the one before (a batch of orders from one call): when one is
   * put off to the next batch, the chain's later jobs in this batch are put off with it.
   */
  chain?: object;
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
 * The fence of the venues' ownership as the ledger sees it: the epoch a batch
 * that ran venue commands must carry, and what to do when a write was refused for it.
 */
export interface VenueFence {
  /** The epoch of the lease this process holds, or null when it may not write the venues now. */
  epoch(): string | null;
  /** A venue batch was refused: another process owns the venues. Called before the venues are rebuilt. */
  lost(): void;
}

export { VenueMoved };
