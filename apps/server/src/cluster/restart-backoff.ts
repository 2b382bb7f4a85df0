/**
 * How long the primary waits before replacing a worker that died. A worker that keeps dying at
 * start (database unreachable, a bad migration) would otherwise be forked in a tight loop, flooding
 * the log and the database with connection attempts; one that ran for a while died of something
 * passing, and comes back after the first, short wait.
 */
export class RestartBackoff {
  private failures = 0;

  constructor(
    private readonly firstMs = 1_000,
    private readonly maxMs = 30_000,
    /** A worker that lived this long is counted healthy: its death starts the back-off over. */
    private readonly stableMs = 60_000,
  ) {}

  /** The wait before forking the replacement of a worker that lived `livedMs`. */
  next(livedMs: number): number {
    if (livedMs >= this.stableMs) this.failures = 0;
    const wait = Math.min(this.maxMs, this.firstMs * 2 ** this.failures);
    this.failures += 1;
    return wait;
  }
}
