const ignore = (): void => undefined;

/**
 * One run at a time and at most one more waiting: a call made while a run waits joins that run,
 * with its own task in place of the one before, instead of queueing another. For timer-driven work
 * that reads what it needs when it starts (the market's clock, the chains' new blocks, the convert
 * desk's inventory): the run after the current one covers every call made meanwhile, and calls that
 * come faster than runs end (a slow database, an overloaded ledger) cannot pile up.
 */
export class Coalesced {
  private running: Promise<void> | null = null;
  private waiting: Promise<void> | null = null;
  private next: (() => Promise<void>) | null = null;

  /** Resolves or rejects as the run that carries out this call (or a later one's task) does. */
  run(task: () => Promise<void>): Promise<void> {
    const current = this.running;
    if (!current) return this.start(task);
    this.next = task;
    this.waiting ??= current.then(ignore, ignore).then(() => {
      const latest = this.next as () => Promise<void>;
      this.next = null;
      this.waiting = null;
      return this.start(latest);
    });
    return this.waiting;
  }

  /** Resolves once the run under way and the one waiting, if any, have ended, however they ended. */
  idle(): Promise<void> {
    return (this.waiting ?? this.running ?? Promise.resolve()).then(ignore, ignore);
  }

  private start(task: () => Promise<void>): Promise<void> {
    // Started on a later microtask, as a chained step was: the caller's synchronous code runs first.
    const run = Promise.resolve().then(task);
    this.running = run;
    const done = () => {
      if (this.running === run) this.running = null;
    };
    run.then(done, done);
    return run;
  }
}
