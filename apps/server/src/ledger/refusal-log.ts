import type { FastifyBaseLogger } from 'fastify';

/** How long refusals are counted before one line reports them. */
const WINDOW_MS = 1000;

/**
 * Counts the jobs the ledger refused for a full queue and logs them once per second of overload,
 * not once per refusal: an overload refuses thousands of requests a second, and a line each would
 * add writing the log to the work the server cannot keep up with.
 */
export class RefusalLog {
  private refused = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly maxQueue: number,
  ) {}

  add(): void {
    this.refused += 1;
    if (this.timer) return;
    this.timer = setTimeout(() => this.report(), WINDOW_MS);
    // A process shutting down does not wait for the last line of an overload.
    this.timer.unref();
  }

  private report(): void {
    this.log.warn({ refused: this.refused, maxQueue: this.maxQueue }, 'ledger queue full: jobs refused with 503 in the last second');
    this.refused = 0;
    this.timer = null;
  }
}
