import type { Database, QueryResult, SqlParam } from '../../src/db/database.js';
import type { SpotOrders } from '../../src/modules/spot/order-service.js';
import { BATCH_WRITE_STATEMENT } from '../../src/ledger/statement.js';

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
  /** Runs when the nth batch write (counted from 1) is sent, before the database sees it. */
  beforeWrite?: (n: number) => Promise<void>;
  /** The nth batch write is not run and rejects with this error instead. */
  failWrite?: (n: number) => Error | undefined;
}

/**
 * Replaces `db.query` (what the ledger writes through) with one that marks 'write' when a batch
 * write is sent, 'wrote' when it came back and 'refused' when the database rejected it, and runs the hooks. `restore()` puts the real one back.
 */
export function probeWrites(db: Database, hooks: ProbeHooks = {}): { moments: Moments; restore: () => void } {
  const original = db.query;
  const moments = new Moments();
  let sent = 0;
  db.query = (async <T>(sql: string, params?: SqlParam[], name?: string) => {
    if (!name?.startsWith(BATCH_WRITE_STATEMENT)) return original.call(db, sql, params, name) as Promise<QueryResult<T>>;
    const n = ++sent;
    moments.mark('write');
    await hooks.beforeWrite?.(n);
    const failure = hooks.failWrite?.(n);
    if (failure) {
      moments.mark('wrote');
      throw failure;
    }
    try {
      return (await original.call(db, sql, params, name)) as QueryResult<T>;
    } catch (err) {
      moments.mark('refused');
      throw err;
    } finally {
      moments.mark('wrote');
    }
  }) as Database['query'];
  return { moments, restore: () => (db.query = original) };
}

/** What a lost connection looks like: the statement may or may not have committed. */
export const lostConnection = (): Error => new Error('injected: connection lost');

/** What PostgreSQL answers to a statement it refused whole (here: a non-negative balance check). */
export const refusedStatement = (): Error => Object.assign(new Error('injected: check violation'), { code: '23514' });

/** Marks 'place' once each order request is in the trading queue (place() enqueues synchronously). */
export function probePlacements(trading: SpotOrders, moments: Moments): () => void {
  const original = trading.place;
  trading.place = (req) => {
    const answer = original.call(trading, req);
    moments.mark('place');
    return answer;
  };
  return () => (trading.place = original);
}
