/**
 * The newest venue lease epoch this process has seen (its own looks at the lease, and the epoch an
 * owner names when it refuses a call sent for another). A venue call to the owner is sent for the
 * epoch known then (cluster/owner-call.ts): once a newer one is seen, the owner of the old one can
 * write nothing more (the fencing, ledger/statement.ts), so what it did with the call is in the
 * database for good, and the call waits no longer for its answer.
 */
export class LeaseEpochs {
  private latest: bigint | null = null;
  /** Calls in flight wait here: a Set, as each leaves it when its answer comes. */
  private readonly waiting = new Set<{ after: bigint | null; resolve: () => void }>();

  /** The newest epoch seen, or null before the first. */
  current(): string | null {
    return this.latest === null ? null : this.latest.toString();
  }

  /** An epoch read from the lease or named by its holder; an older one than the newest is ignored. */
  seen(epoch: string): void {
    const value = BigInt(epoch);
    if (this.latest !== null && value <= this.latest) return;
    this.latest = value;
    for (const w of this.waiting) {
      if (w.after !== null && value <= w.after) continue;
      this.waiting.delete(w);
      w.resolve();
    }
  }

  /** Resolves once an epoch newer than `epoch` is seen (null: any epoch); `stop` drops the wait. */
  newerThan(epoch: string | null): { seen: Promise<void>; stop: () => void } {
    const after = epoch === null ? null : BigInt(epoch);
    let entry!: { after: bigint | null; resolve: () => void };
    const seen = new Promise<void>((resolve) => {
      entry = { after, resolve };
    });
    if (this.latest !== null && (after === null || this.latest > after)) entry.resolve();
    else this.waiting.add(entry);
    return { seen, stop: () => this.waiting.delete(entry) };
  }
}
