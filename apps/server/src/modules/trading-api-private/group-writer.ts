import { LedgerBusy } from '../../ledger/errors.js';

interface Waiting<I, O> {
  items: readonly I[];
  resolve: (out: O[]) => void;
  reject: (err: unknown) => void;
}

export interface GroupLimits {
  /** The most items one write takes (a call's items are never split, so one call may exceed it alone). */
  batch: number;
  /** The most items waiting for a write; a call that would pass it is refused as busy (the ledger's own refusal: nothing done, safe to send again). */
  queue: number;
}

/**
 * Group commit for a statement many calls make: one write in flight, and the calls that come
 * meanwhile wait and go together in the next. Each statement to PostgreSQL costs both processes a
 * round trip whatever its size; at 15,000 orders/s, a clOrdId reservation and binding per call were
 * half the server's and most of the database's CPU (docs/benchmarks.md, the OKX websocket notes).
 * `write` answers one output per item, in the items' order.
 */
export class GroupWriter<I, O> {
  private readonly waiting: Waiting<I, O>[] = [];
  private waitingItems = 0;
  private writing = false;

  constructor(
    private readonly write: (items: readonly I[]) => Promise<readonly O[]>,
    private readonly limits: GroupLimits,
  ) {}

  run(items: readonly I[]): Promise<O[]> {
    if (items.length === 0) return Promise.resolve([]);
    if (this.waitingItems + items.length > this.limits.queue) {
      return Promise.reject(new LedgerBusy());
    }
    return new Promise<O[]>((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      this.waitingItems += items.length;
      this.next();
    });
  }

  private next(): void {
    if (this.writing || this.waiting.length === 0) return;
    let count = 0;
    let calls = 0;
    while (calls < this.waiting.length) {
      const size = (this.waiting[calls] as Waiting<I, O>).items.length;
      if (calls > 0 && count + size > this.limits.batch) break;
      count += size;
      calls += 1;
    }
    const group = this.waiting.splice(0, calls);
    this.waitingItems -= count;
    this.writing = true;
    void this.flush(group);
  }

  private async flush(group: readonly Waiting<I, O>[]): Promise<void> {
    const items = group.length === 1 ? (group[0] as Waiting<I, O>).items : group.flatMap((w) => w.items);
    try {
      const out = await this.write(items);
      if (out.length !== items.length) throw new Error(`a group write answered ${out.length} results for ${items.length} items`);
      let at = 0;
      for (const w of group) {
        w.resolve(out.slice(at, at + w.items.length));
        at += w.items.length;
      }
    } catch (err) {
      for (const w of group) w.reject(err);
    } finally {
      this.writing = false;
      this.next();
    }
  }
}
