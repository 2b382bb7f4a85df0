import type { FastifyBaseLogger } from 'fastify';

/**
 * What every process keeps in memory from one table that operators change (market halts and
 * listings, fee rates): read at start, again after this process changed it (`changed`, which also
 * tells the other processes through the callback given to `connect`: NATS on a cluster), and every
 * `pollMs` whatever happens, so a message lost between processes delays a change by that much at most.
 */
export abstract class PolledState {
  private timer: NodeJS.Timeout | null = null;
  private tellOthers: (() => void) | null = null;

  protected constructor(
    private readonly pollMs: number,
    /** What a failed poll could not read, for the warning: "the market halts". */
    private readonly what: string,
    protected readonly log?: FastifyBaseLogger,
  ) {}

  abstract refresh(): Promise<void>;

  /** After this process committed a change: read it now, and have every other process read it. */
  async changed(): Promise<void> {
    await this.refresh();
    this.tellOthers?.();
  }

  connect(tellOthers: () => void): void {
    this.tellOthers = tellOthers;
  }

  /** Polls until stop(); the timer does not keep the process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.refresh().catch((err: unknown) => this.log?.warn({ err }, `could not read ${this.what}`));
    }, this.pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
