import { Dec } from '../market/decimal.js';

const ZERO = new Dec(0);

interface Entry {
  /** Available in the database after the last batch that wrote this account. */
  committed: Dec;
  /** Changes of batches that ran on the engine but whose write has not come back yet. */
  pending: Dec;
}

/**
 * Available spot balances of trading users as the order pipeline sees them, so a batch needs no
 * round trip to lock and read them. The view is the database's value plus what batches in flight
 * will change. It can only be wrong where something outside the pipeline moved money (a transfer, a
 * deposit); the database's non-negative check catches a view that is too high, and a refusal or a
 * market buy capped by a cached value is decided again on a fresh read.
 */
export class BalanceCache {
  private readonly entries = new Map<string, Entry>();

  has(key: string): boolean {
    return this.entries.has(key);
  }

  view(key: string): Dec | undefined {
    const e = this.entries.get(key);
    return e ? e.committed.plus(e.pending) : undefined;
  }

  /** A value read from the database while no batch was in flight. */
  load(key: string, available: Dec): void {
    this.entries.set(key, { committed: available, pending: ZERO });
  }

  /** A batch ran on the engine: its change counts until its write comes back. */
  addPending(key: string, delta: Dec): boolean {
    const e = this.entries.get(key);
    if (!e) return false;
    e.pending = e.pending.plus(delta);
    return true;
  }

  /** A batch's write came back with the account's new value, its own `delta` included. */
  settle(key: string, available: Dec, delta: Dec): void {
    const e = this.entries.get(key);
    if (!e) return;
    e.committed = available;
    e.pending = e.pending.minus(delta);
  }

  /** After a failed write: every view may count changes that never reached the database. */
  clear(): void {
    this.entries.clear();
  }
}
