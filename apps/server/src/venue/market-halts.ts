import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database.js';
import { codedError } from '../errors.js';
import { PolledState } from '../shared/polled-state.js';

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
export class MarketHalts extends PolledState {
  private halts = new Map<string, MarketHalt>();

  constructor(
    private readonly db: Queryable,
    log?: FastifyBaseLogger,
  ) {
    super(MARKET_HALTS_POLL_MS, 'the market halts', log);
  }

  async refresh(): Promise<void> {
    const res = await this.db.query<{ inst_id: string; reason: string; halted_at: Date | string; halted_by: string }>(
      'SELECT inst_id, reason, halted_at, halted_by FROM market_halts ORDER BY inst_id LIMIT 1000',
      [],
      'market_halts_all',
    );
    this.halts = new Map(res.rows.map((r) => [r.inst_id, { instId: r.inst_id, reason: r.reason, at: new Date(r.halted_at), by: r.halted_by }]));
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
