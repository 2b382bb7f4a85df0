import type { Database, SqlParam, Transaction } from '../../src/db/database.js';
import type { TradingService } from '../../src/trading/trading-service.js';

/** Counts named moments and lets a test wait for the nth one, so the test orders events without timers. */
export class Moments {
  private readonly counts = new Map<string, number>();
  private readonly waiters: { name: string; n: number; resolve: () => void }[] = [];

  mark(name: string): void {
    const n = this.count(name) + 1;
    this.counts.set(name, n);
    for (const w of this.waiters.filter((x) => x.name === name && x.n <= n)) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve();
    }
  }

  count(name: string): number {
    return this.counts.get(name) ?? 0;
  }

  reached(name: string, n: number): Promise<void> {
    if (this.count(name) >= n) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ name, n, resolve }));
  }
}

/** A promise the test resolves by hand. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

export interface ProbeHooks {
  /** Runs when the nth transaction (counted from 1) is asked for, before the database starts it. */
  beforeBegin?: (n: number) => Promise<void>;
  /** Runs when the nth transaction is asked to commit, before anything is sent. */
  beforeCommit?: (n: number) => Promise<void>;
  /** The nth transaction's commit rolls back instead and rejects. */
  failCommit?: (n: number) => boolean;
}

/** The name batch-writer.ts gives the batch's write statement: its completion is marked 'wrote'. */
const BATCH_WRITE = 'spot-batch-write';

/**
 * Replaces `db.begin` (the object TradingService writes through) with one that marks 'begin',
 * 'wrote' and 'commit', and runs the hooks. `restore()` puts the real one back.
 */
export function probeTransactions(db: Database, hooks: ProbeHooks = {}): { moments: Moments; restore: () => void } {
  const original = db.begin;
  const moments = new Moments();
  let started = 0;
  db.begin = async () => {
    const n = ++started;
    moments.mark('begin');
    await hooks.beforeBegin?.(n);
    return probed(await original.call(db), n, hooks, moments);
  };
  return { moments, restore: () => (db.begin = original) };
}

function probed(tx: Transaction, n: number, hooks: ProbeHooks, moments: Moments): Transaction {
  return {
    async query<T>(sql: string, params?: SqlParam[], name?: string) {
      const res = await tx.query<T>(sql, params, name);
      if (name === BATCH_WRITE) moments.mark('wrote');
      return res;
    },
    async commit() {
      moments.mark('commit');
      await hooks.beforeCommit?.(n);
      if (hooks.failCommit?.(n)) {
        await tx.rollback();
        throw new Error('injected commit failure');
      }
      await tx.commit();
    },
    rollback: () => tx.rollback(),
  };
}

/** Marks 'place' once each order request is in the trading queue (place() enqueues synchronously). */
export function probePlacements(trading: TradingService, moments: Moments): () => void {
  const original = trading.place;
  trading.place = (req) => {
    const answer = original.call(trading, req);
    moments.mark('place');
    return answer;
  };
  return () => (trading.place = original);
}
