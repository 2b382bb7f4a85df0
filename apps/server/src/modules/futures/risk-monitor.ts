import type { FastifyBaseLogger } from 'fastify';
import {
  BasisAverage,
  crossLiquidationPrice,
  FUNDING_INTERVAL_MS,
  fundingCap,
  fundingRate,
  impactPrice,
  isolatedLiquidationPrice,
  LiquidationIndex,
  markPrice,
  nextFundingTime,
  premiumIndex,
  PremiumTwap,
  triggerReached,
} from '@exchange/risk';
import { Dec } from '../../shared/decimal.js';
import type { Venue } from '../../venue/venue.js';
import { SETTLEMENT_WINDOW_MS, settlementPrice } from './expiry.js';
import type { PositionEvent } from './desk.js';
import type { FuturesService } from './futures-service.js';
import type { LivePosition } from './types.js';

/** Mark and premium samples are taken this often (the 5 s). */
export const SAMPLE_MS = 5_000;
/** Notional the impact bid and ask must fill, in USDT. */
export const IMPACT_NOTIONAL = 10_000;
const RATE_DECIMALS = 10;

/** A listed contract as the risk clock follows it. */
export interface ContractInfo {
  venue: Venue;
  type: 'perpetual' | 'expiry';
  listedAtMs: number;
  expiryMs: number | null;
}

interface ContractState {
  venue: Venue;
  type: 'perpetual' | 'expiry';
  expiryMs: number | null;
  /** Index samples of the last settlement window (delivery contracts). */
  indexSamples: { ms: number; price: number }[];
  delivering: boolean;
  listedAtMs: number;
  basis: BasisAverage;
  twap: PremiumTwap;
  lastRate: number;
  nextFundingMs: number;
  lastSampleMs: number;
  index: number | null;
  mark: number | null;
  liquidations: LiquidationIndex;
}

export interface RiskMonitorOptions {
  futures: FuturesService;
  contracts: readonly ContractInfo[];
  /** A delivery contract settled: list the next one. */
  onExpired(instId: string, expiryMs: number): Promise<void>;
  /** The index of a coin, as its price source last published it (venue/index-prices.ts). */
  indexOf(symbol: string): string | undefined;
  /** The last funding time settled per contract (none: the first is the next one from now). */
  lastFunding: ReadonlyMap<string, { time: number; rate: string }>;
  startMs: number;
  log: FastifyBaseLogger;
}

export interface ContractSnapshot {
  instId: string;
  type: 'perpetual' | 'expiry';
  expiryMs: number | null;
  index: number | null;
  mark: number | null;
  lastRate: number;
  predictedRate: number;
  nextFundingMs: number;
  listedAtMs: number;
}

/**
 * The contracts' risk clock: at each tick of the kernel clock it samples index, book and premium, computes the
 * mark price, settles funding when its time has come, and liquidates the positions whose
 * liquidation price the mark crossed, found through an index by liquidation price (not a scan of
 * every position).
 */
export class RiskMonitor {
  private readonly contracts = new Map<string, ContractState>();
  private readonly listeners = new Set<(events: readonly PositionEvent[]) => void>();
  private nowMs: number;
  private readonly indexOverrides = new Map<string, number>();
  private readonly stepListeners = new Set<() => void>();

  constructor(private readonly opts: RiskMonitorOptions) {
    this.nowMs = opts.startMs;
    for (const info of opts.contracts) this.addContract(info);
    opts.futures.onPositions((positions, events) => {
      this.track(positions);
      if (events.length > 0) for (const l of this.listeners) l(events);
    });
  }

  /** Follows a contract from now on (at start, and a new quarter when one expires). */
  addContract(info: ContractInfo): void {
    const last = this.opts.lastFunding.get(info.venue.instId);
    this.contracts.set(info.venue.instId, {
      venue: info.venue,
      type: info.type,
      expiryMs: info.expiryMs,
      indexSamples: [],
      delivering: false,
      listedAtMs: info.listedAtMs,
      basis: new BasisAverage(),
      twap: new PremiumTwap(),
      lastRate: last ? Number(last.rate) : 0,
      nextFundingMs: info.type === 'perpetual' ? nextFundingTime(last ? last.time : this.nowMs - 1) : Number.POSITIVE_INFINITY,
      lastSampleMs: -Infinity,
      index: null,
      mark: null,
      liquidations: new LiquidationIndex(),
    });
  }

  /** Every followed contract's id. */
  instIds(): string[] {
    return [...this.contracts.keys()];
  }

  /** Told after each step, once its jobs committed: the public feed sends the new marks, rates and interest. */
  onStep(listener: () => void): () => void {
    this.stepListeners.add(listener);
    return () => this.stepListeners.delete(listener);
  }

  /** Liquidation and deleveraging notices, once committed. */
  onEvents(listener: (events: readonly PositionEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  snapshot(instId: string): ContractSnapshot | undefined {
    const c = this.contracts.get(instId);
    if (!c) return undefined;
    return {
      instId,
      type: c.type,
      expiryMs: c.expiryMs,
      index: c.index,
      mark: c.mark,
      lastRate: c.lastRate,
      predictedRate: c.type === 'perpetual' ? fundingRate(c.twap.average(this.nowMs), fundingCap(c.listedAtMs, c.nextFundingMs)) : 0,
      nextFundingMs: c.nextFundingMs,
      listedAtMs: c.listedAtMs,
    };
  }

  /**
   * Test hook (test-routes.ts): holds a contract's index at `price` whatever its coin's reference
   * does, so the book trades at a premium or a discount to it; null gives the index back.
   */
  overrideIndex(instId: string, price: number | null): void {
    if (price === null) this.indexOverrides.delete(instId);
    else this.indexOverrides.set(instId, price);
  }

  markOf(instId: string): number | null {
    return this.contracts.get(instId)?.mark ?? null;
  }

  /**
   * Liquidation price of a position as the monitor indexes it (null while nothing is open). A cross
   * position's counts the whole futures wallet and the user's other cross positions at their mark.
   */
  liquidationPrice(p: LivePosition): number | null {
    if (p.qty.isZero()) return null;
    if (p.marginMode === 'cross') return this.crossPrice(p, this.opts.futures.crossPositions(p.userId));
    return isolatedLiquidationPrice({
      side: p.side,
      qty: p.qty.toNumber(),
      entryPrice: p.cost.div(p.qty).toNumber(),
      margin: p.margin.toNumber(),
    });
  }

  /** A cross position's liquidation price with `group`, the user's open cross positions. */
  private crossPrice(p: LivePosition, group: readonly LivePosition[]): number {
    const others = group.filter((o) => o !== p && o.qty.gt(0));
    const margins = others.reduce((sum, o) => sum + o.margin.toNumber(), p.margin.toNumber());
    return crossLiquidationPrice({
      walletBalance: this.opts.futures.walletAvailable(p.userId).toNumber() + margins,
      position: { side: p.side, qty: p.qty.toNumber(), entryPrice: p.cost.div(p.qty).toNumber() },
      others: others.map((o) => {
        const entryPrice = o.cost.div(o.qty).toNumber();
        return { side: o.side, qty: o.qty.toNumber(), entryPrice, markPrice: this.markOf(o.instId) ?? entryPrice };
      }),
    });
  }

  /** Every open cross position re-indexed at the current marks and wallets, each user's group built once. */
  private refreshCross(): void {
    const byUser = new Map<string, LivePosition[]>();
    for (const p of this.opts.futures.allCrossPositions()) {
      const group = byUser.get(p.userId);
      if (group) group.push(p);
      else byUser.set(p.userId, [p]);
    }
    for (const group of byUser.values()) {
      for (const p of group) {
        const c = this.contracts.get(p.instId);
        if (!c || p.qty.isZero()) continue;
        c.liquidations.set(p.id, p.side, this.crossPrice(p, group));
      }
    }
  }

  /** One tick of the kernel clock: marks, funding and liquidations. Resolves once their jobs committed. */
  async tick(nowMs: number): Promise<void> {
    this.nowMs = nowMs;
    const work: Promise<unknown>[] = [];
    for (const [instId, c] of this.contracts) {
      const index = this.indexOverrides.get(instId) ?? Number(this.opts.indexOf(c.venue.coin.symbol) ?? NaN);
      if (!Number.isFinite(index) || index <= 0) continue;
      c.index = index;
      const bid = c.venue.bestBid();
      const ask = c.venue.bestAsk();
      const tick = Number(c.venue.prices.tickSize);
      const mid = bid !== null && ask !== null ? ((bid + ask) / 2) * tick : null;
      if (nowMs - c.lastSampleMs >= SAMPLE_MS) {
        c.lastSampleMs = nowMs;
        c.basis.sample(mid, index);
        const depth = c.venue.depth(50);
        const toLevels = (levels: readonly { price: number; qty: number }[]) =>
          levels.map((l) => [l.price * tick, l.qty * Number(c.venue.lots.tickSize)] as [number, number]);
        const impactBid = impactPrice(toLevels(depth.bids), IMPACT_NOTIONAL);
        const impactAsk = impactPrice(toLevels(depth.asks), IMPACT_NOTIONAL);
        c.twap.add(premiumIndex(impactBid, impactAsk, index), nowMs);
        if (c.expiryMs !== null) {
          c.indexSamples.push({ ms: nowMs, price: index });
          while ((c.indexSamples[0]?.ms ?? nowMs) <= nowMs - SETTLEMENT_WINDOW_MS) c.indexSamples.shift();
        }
      }
      const last = c.venue.lastPrice;
      // A delivery contract has no funding: its mark is the median of index, index plus basis and last trade.
      c.mark = markPrice({
        index,
        lastFundingRate: c.type === 'perpetual' ? c.lastRate : 0,
        msToNextFunding: c.type === 'perpetual' ? Math.max(0, c.nextFundingMs - nowMs) : 0,
        intervalMs: FUNDING_INTERVAL_MS,
        basisAverage: c.basis.value(),
        lastPrice: last === null ? null : last * tick,
      });
      if (c.expiryMs !== null && nowMs >= c.expiryMs) {
        if (!c.delivering) {
          c.delivering = true;
          const expiryMs = c.expiryMs;
          const price = settlementPrice(c.indexSamples, expiryMs, index);
          work.push(
            this.opts.futures
              .deliver(instId, new Dec(price.toFixed(c.venue.prices.decimals + 2)))
              .then(() => {
                this.contracts.delete(instId);
                return this.opts.onExpired(instId, expiryMs);
              })
              .catch((err: unknown) => {
                c.delivering = false;
                throw err;
              }),
          );
        }
        continue;
      }
      const mark = new Dec(c.mark.toFixed(c.venue.prices.decimals));
      if (nowMs >= c.nextFundingMs) {
        const time = c.nextFundingMs;
        const rate = fundingRate(c.twap.close(time), fundingCap(c.listedAtMs, time));
        c.lastRate = rate;
        c.nextFundingMs = nextFundingTime(nowMs);
        work.push(this.opts.futures.settleFunding(instId, time, new Dec(rate.toFixed(RATE_DECIMALS)), mark));
      }
    }
    // A cross position's liquidation price moves with the wallet and the other positions' marks.
    this.refreshCross();
    for (const c of this.contracts.values()) {
      if (c.mark === null || c.delivering) continue;
      const mark = new Dec(c.mark.toFixed(c.venue.prices.decimals));
      for (const id of c.liquidations.crossed(c.mark)) work.push(this.opts.futures.liquidate(id, mark));
    }
    for (const p of this.opts.futures.withTriggers()) {
      const price = this.triggerPrice(p);
      if (price !== null && this.triggered(p, price)) work.push(this.opts.futures.close(p.userId, p.id, null, true).catch(() => undefined));
    }
    const results = await Promise.allSettled(work);
    for (const r of results) if (r.status === 'rejected') this.opts.log.error({ err: r.reason }, 'a futures risk job failed');
    for (const listener of this.stepListeners) listener();
  }

  /** The price a position's take-profit and stop-loss watch: the mark, or the contract's last trade. */
  triggerPrice(p: Pick<LivePosition, 'instId' | 'triggerBy'>): number | null {
    const c = this.contracts.get(p.instId);
    if (!c) return null;
    if (p.triggerBy === 'mark') return c.mark;
    const last = c.venue.lastPrice;
    return last === null ? null : last * Number(c.venue.prices.tickSize);
  }

  /** A take-profit or stop-loss the watched price reached. */
  private triggered(p: LivePosition, price: number): boolean {
    if (p.status !== 'active' || p.closeOrderId !== null) return false;
    const toNumber = (v: string | null) => (v === null ? null : Number(v));
    return triggerReached(p.side, toNumber(p.takeProfit), toNumber(p.stopLoss), price) !== null;
  }

  /** Puts these positions in (or takes them out of) the liquidation index as they now stand. */
  track(positions: readonly LivePosition[]): void {
    for (const p of positions) {
      const c = this.contracts.get(p.instId);
      if (!c) continue;
      const lp = p.status === 'active' ? this.liquidationPrice(p) : null;
      if (lp === null) c.liquidations.remove(p.id);
      else c.liquidations.set(p.id, p.side, lp);
    }
  }
}
