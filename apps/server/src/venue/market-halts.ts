import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.js';
import { codedError } from '../errors.js';

/** A market an administrator halted (the console, issue 43), as the market_halts row keeps it. */
export interface MarketHalt {
  instId: string;
  reason: string;
  at: Date;
  by: string;
}

/** How stale a process's view of the halts may be when it hears of no change (another process's halt on a cluster). */
export const MARKET_HALTS_POLL_MS = 2_000;

/**
 * The halted markets, read from the database: at start, after a change this process made, when
 * another process says it changed them, and every MARKET_HALTS_POLL_MS whatever happens, so a
 * message lost between processes delays a halt by that much at most. A halted market refuses its
 * users' new orders (409 MARKET_HALTED, OKX's 51022) and the simulated market stops quoting it;
 * cancels, and the risk engine's own closes, go on.
 */
export class MarketHalts {
  private halts = new Map<string, MarketHalt>();
  private timer: NodeJS.Timeout | null = null;
  /** Tells the other processes of a cluster that the halts changed (services.ts); none on a single process. */
  private tellOthers: (() => void) | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async refresh(): Promise<void> {
    const res = await this.db.query<{ inst_id: string; reason: string; halted_at: Date | string; halted_by: string }>(
      'SELECT inst_id, reason, halted_at, halted_by FROM market_halts ORDER BY inst_id LIMIT 1000',
      [],
      'market_halts_all',
    );
    this.halts = new Map(res.rows.map((r) => [r.inst_id, { instId: r.inst_id, reason: r.reason, at: new Date(r.halted_at), by: r.halted_by }]));
  }

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
      this.refresh().catch((err: unknown) => this.log?.warn({ err }, 'could not read the market halts'));
    }, MARKET_HALTS_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  haltOf(instId: string): MarketHalt | undefined {
    return this.halts.get(instId.toUpperCase());
  }

  isHalted(instId: string): boolean {
    return this.halts.has(instId.toUpperCase());
  }

  /** Refuses a new order on a halted market, in the plain words the user reads. */
  assertOpen(instId: string): void {
    const halt = this.haltOf(instId);
    if (halt) throw codedError(409, 'MARKET_HALTED', 'market.halted', { market: halt.instId });
  }
}
