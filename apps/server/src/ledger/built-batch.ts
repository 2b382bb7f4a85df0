import type { FastifyBaseLogger } from 'fastify';
import type { QueryResult } from '../db/database.js';
import { AppError } from '../errors.js';
import type { LedgerBatch } from './batch.js';
import type { CycleParticipant, LedgerJob, LedgerTx } from './ledger-contract.js';
import { StaleBalance } from './ledger-tx.js';
import type { AccountRef } from './postings.js';
import type { BatchStatement } from './statement.js';

/** A job put off this many batches in a row is logged: something it waits for is not coming. */
const DEFERRALS_WORTH_A_WARNING = 1_000;

export const DEFER = Symbol('defer');

export interface Pending {
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

export type Outcome = { value: unknown } | { error: unknown } | typeof DEFER;

/** A batch whose jobs ran, with its statement (null when it writes nothing), not yet written. */
export interface BuiltBatch {
  kind: 'batch';
  items: Pending[];
  outcomes: Outcome[];
  batch: LedgerBatch;
  states: Map<CycleParticipant<unknown>, unknown>;
  fenceEpoch: string | null;
  statement: BatchStatement | null;
  /** Every account it writes to. */
  accounts: Set<AccountRef>;
  allDeferred: boolean;
}

/** A batch that failed before its write: `fail` handles it once the batch in flight settled. */
export interface BuiltFailure {
  kind: 'failed';
  items: Pending[];
  states: Map<CycleParticipant<unknown>, unknown>;
  fail: () => Promise<void>;
}

export type Built = BuiltBatch | BuiltFailure;

/** The batch whose statement the database is running. */
export interface Flight {
  built: BuiltBatch;
  written: Promise<QueryResult<{ id: string; available: string }>>;
}

/**
 * Runs the jobs in order against the batch. A job that refuses before changing anything answers
 * its error; one that needs a fresh read or ids is put off (and its chain's later jobs with it);
 * one that throws after changing something is a bug that fails the batch (`bug`, the rest not run).
 */
export function runJobs(
  items: readonly Pending[],
  tx: LedgerTx,
  batch: LedgerBatch,
  starting: (p: Pending) => void,
  log: FastifyBaseLogger,
): { outcomes: Outcome[]; deferred: Pending[]; bug: unknown } {
  const outcomes: Outcome[] = [];
  const putOff = new Set<object>();
  let bug: unknown = null;
  for (const p of items) {
    starting(p);
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
    if (p.deferrals === DEFERRALS_WORTH_A_WARNING) log.warn({ deferrals: p.deferrals }, 'a ledger job has been put off batch after batch');
  }
  return { outcomes, deferred, bug };
}

/** What answers a committed batch: its participants hear of it, then its jobs are answered. */
export function answersOf(built: BuiltBatch): () => void {
  return () => {
    for (const [participant, state] of built.states) participant.committed(state);
    built.items.forEach((p, i) => {
      const o = built.outcomes[i] as Outcome;
      if (o === DEFER) return;
      if ('value' in o) p.resolve(o.value);
      else p.reject(o.error);
    });
  };
}
