import type { FastifyBaseLogger } from 'fastify';
import { Coalesced } from '../shared/coalesced.js';

export type TickListener = (nowMs: number) => Promise<void> | void;

export interface KernelClockOptions {
  /** Wall time in ms: the configuration's clock, which tests set by hand. */
  now: () => number;
  /** Time of the last tick already taken (ticks at or before it do nothing). */
  startMs: number;
  /** How often the timer ticks once started. */
  intervalMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}

interface Subscription {
  name: string;
  listener: TickListener;
}

/**
 * The server's heartbeat: what must run as time passes (the simulated market's step, the futures'
 * marks, funding, liquidations and deliveries) runs on its ticks, whatever moves the prices. Its
 * subscribers run one after the other in the order they subscribed, each awaited, so a later one
 * sees what an earlier one committed; one that fails is logged and the others still run. Time never
 * goes back: a tick at or before the last one does nothing.
 */
export class KernelClock {
  private readonly subscriptions: Subscription[] = [];
  private readonly ticks = new Coalesced();
  private timer: NodeJS.Timeout | null = null;
  private lastMs: number;

  constructor(private readonly opts: KernelClockOptions) {
    this.lastMs = opts.startMs;
  }

  /** Time of the last tick taken. */
  get nowMs(): number {
    return this.lastMs;
  }

  /** Runs `listener` at every tick from now on, after the subscribers before it; returns the unsubscribe. */
  subscribe(name: string, listener: TickListener): () => void {
    const subscription = { name, listener };
    this.subscriptions.push(subscription);
    return () => {
      const at = this.subscriptions.indexOf(subscription);
      if (at >= 0) this.subscriptions.splice(at, 1);
    };
  }

  /**
   * One tick at `nowMs` (the time source's now by default). Resolves once every subscriber's work
   * ended; ticks asked for while one runs are one tick, at the latest time asked.
   */
  tick(nowMs: number = this.opts.now()): Promise<void> {
    return this.ticks.run(async () => {
      if (nowMs <= this.lastMs) return;
      this.lastMs = nowMs;
      for (const s of [...this.subscriptions]) {
        try {
          await s.listener(nowMs);
        } catch (err) {
          this.opts.log.error({ err, subscriber: s.name }, 'a clock subscriber failed');
        }
      }
    });
  }

  /** Ticks every interval from now on (a second call does nothing). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.opts.intervalMs);
  }

  /** Stops the timer and resolves once the tick under way, if any, has ended. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticks.idle();
  }
}
