import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { approveDue } from './review.js';

/** How often the job looks for due submissions when it runs on a timer. */
export const AUTO_APPROVAL_TICK_MS = 1000;

/**
 * The embedded default's reviewer (KYC_AUTO_APPROVE_SECONDS): approves each submission once it has
 * waited the delay. It keeps no state of its own: the due ones are read from kyc_submissions on
 * every tick, so a submission made before a restart is approved by the first tick after it.
 */
export class AutoApproval {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    readonly delaySeconds: number,
    private readonly now: () => Date,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One pass; ticks never overlap. Answers the users it approved. */
  tick(): Promise<string[]> {
    const next = this.running.then(() => approveDue(this.db, this.delaySeconds, this.now()));
    this.running = next.catch((err: unknown) => this.log.error({ err }, 'automatic identity approval failed'));
    return next;
  }

  start(intervalMs = AUTO_APPROVAL_TICK_MS): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.tick().then(
        (approved) => {
          if (approved.length > 0) this.log.info({ users: approved.length }, 'identity verification approved automatically');
        },
        () => undefined,
      );
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass in flight, before the database closes. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
