import type { FastifyBaseLogger } from 'fastify';
import type { KernelClock } from '../../clock/kernel-clock.js';
import { takeSnapshot, type ReservesDeps } from './service.js';
import { latestSnapshot } from './store.js';

const DAY_MS = 86_400_000;

/**
 * The daily snapshot on the kernel clock: at the first tick of each UTC day without one. The tick
 * only starts it (building the tree of every user takes seconds, and the clock's other subscribers,
 * the market and the futures' risk, must not wait); one runs at a time.
 */
export class DailySnapshots {
  private running: Promise<void> | null = null;
  private stopTick: (() => void) | null = null;

  constructor(
    private readonly deps: ReservesDeps,
    private readonly clock: KernelClock,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.stopTick ??= this.clock.subscribe('proof of reserves', (nowMs) => {
      this.running ??= this.takeIfDue(nowMs)
        .then(() => undefined)
        .catch((err: unknown) => this.log.error({ err }, 'the daily proof-of-reserves snapshot failed'))
        .finally(() => {
          this.running = null;
        });
    });
  }

  async stop(): Promise<void> {
    this.stopTick?.();
    this.stopTick = null;
    await this.running;
  }

  /** Takes a snapshot unless the latest one is from this UTC day already. */
  async takeIfDue(nowMs: number): Promise<boolean> {
    const dayStart = Math.floor(nowMs / DAY_MS) * DAY_MS;
    const latest = await latestSnapshot(this.deps.db);
    if (latest && latest.takenAt.getTime() >= dayStart) return false;
    const taken = await takeSnapshot(this.deps);
    this.log.info({ snapshot: taken.id, users: taken.users, root: taken.rootHash }, 'proof-of-reserves snapshot taken');
    return true;
  }
}
