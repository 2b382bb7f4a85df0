import type { FastifyBaseLogger } from 'fastify';
import { FUTURES_FEE_RATE, SPOT_FEE_RATE, type FeeTierName } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';
import { PolledState } from '../../shared/polled-state.js';

export interface TierRates {
  maker: Dec;
  taker: Dec;
  futuresMaker: Dec;
  futuresTaker: Dec;
}

export type FeeRole = 'maker' | 'taker';

/** How stale a process's view of the rates may be when it hears of no change (another process's change on a cluster). */
export const FEE_RATES_POLL_MS = 2_000;
/** How long a user's tier is reused before their next order works it out again (30-day volume and assets move slowly). */
export const TIER_TTL_MS = 60_000;

const DEFAULT_RATES: TierRates = {
  maker: new Dec(SPOT_FEE_RATE),
  taker: new Dec(SPOT_FEE_RATE),
  futuresMaker: new Dec(FUTURES_FEE_RATE),
  futuresTaker: new Dec(FUTURES_FEE_RATE),
};

interface RateRow {
  tier: FeeTierName;
  maker_rate: string;
  taker_rate: string;
  futures_maker_rate: string;
  futures_taker_rate: string;
}

/**
 * The spot and futures maker and taker rates of each fee tier (fee_rates, migrations 55 and 58), read as the market
 * halts are: at start, after this process changed them, when another process says it did, and
 * every FEE_RATES_POLL_MS. Settlement asks `rate` synchronously inside the ledger's batch, so a
 * user's tier is worked out before their order goes in (`learn`) and kept for TIER_TTL_MS; a maker
 * whose tier this process has not worked out yet (an order resting since before a restart) pays
 * Level 1's rate.
 */
export class FeeSchedule extends PolledState {
  private rates = new Map<FeeTierName, TierRates>();
  private readonly tiers = new Map<string, { tier: FeeTierName; atMs: number }>();
  /** Tiers being worked out, by user. */
  private readonly working = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Queryable,
    private readonly tierOf: (userId: string) => Promise<FeeTierName>,
    private readonly nowMs: () => number,
    log?: FastifyBaseLogger,
  ) {
    super(FEE_RATES_POLL_MS, 'the fee rates', log);
  }

  async refresh(): Promise<void> {
    const res = await this.db.query<RateRow>(
      `SELECT tier, maker_rate::text AS maker_rate, taker_rate::text AS taker_rate,
        futures_maker_rate::text AS futures_maker_rate, futures_taker_rate::text AS futures_taker_rate FROM fee_rates ORDER BY tier`,
      [],
      'fee_rates_all',
    );
    this.rates = new Map(
      res.rows.map((r) => [
        r.tier,
        { maker: new Dec(r.maker_rate), taker: new Dec(r.taker_rate), futuresMaker: new Dec(r.futures_maker_rate), futuresTaker: new Dec(r.futures_taker_rate) },
      ]),
    );
  }

  /** The rate a user's spot fill pays now, as a fraction of what they receive. */
  rate(userId: string, role: FeeRole): Dec {
    return this.ratesOfUser(userId)[role];
  }

  /** The rate a user's futures fill pays now, as a fraction of its notional. */
  futuresRate(userId: string, role: FeeRole): Dec {
    const rates = this.ratesOfUser(userId);
    return role === 'maker' ? rates.futuresMaker : rates.futuresTaker;
  }

  /**
   * The most a user's futures fill may pay now, which an order's hold reserves: the taker rate,
   * unless an administrator set the maker one higher (the table allows it).
   */
  futuresReserve(userId: string): Dec {
    const rates = this.ratesOfUser(userId);
    return Dec.max(rates.futuresMaker, rates.futuresTaker);
  }

  private ratesOfUser(userId: string): TierRates {
    return this.ratesOf(this.tiers.get(userId)?.tier ?? 'level_1');
  }

  ratesOf(tier: FeeTierName): TierRates {
    return this.rates.get(tier) ?? DEFAULT_RATES;
  }

  /**
   * Works the user's tier out unless it is fresh; a failure keeps what was known (Level 1 at worst),
   * never the order. One working-out per user at a time, whatever the number of orders asking: an
   * open-loop client keeps sending while the first one's three reads wait in the shared pool, and
   * each order reading again for itself once filled the pool until the ledger's write, queued behind
   * them, stalled for seconds (issue 42, docs/benchmarks.md). A known tier past its TTL is still
   * used while it is worked out again, so no order waits for that: tiers move slowly (30-day volume).
   */
  learn(userId: string): Promise<void> {
    const known = this.tiers.get(userId);
    if (known && this.nowMs() - known.atMs < TIER_TTL_MS) return Promise.resolve();
    let working = this.working.get(userId);
    if (!working) {
      working = this.workOut(userId).finally(() => this.working.delete(userId));
      this.working.set(userId, working);
    }
    return known ? Promise.resolve() : working;
  }

  private async workOut(userId: string): Promise<void> {
    try {
      this.tiers.set(userId, { tier: await this.tierOf(userId), atMs: this.nowMs() });
    } catch (err) {
      this.log?.warn({ err }, 'could not work out a user’s fee tier');
    }
  }
}
