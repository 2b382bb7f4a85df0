import type { Side } from '@exchange/engine';
import type { VenueBus } from '../venue/bus.js';
import type { IndexPrices } from '../venue/index-prices.js';
import type { MarketClock } from '../venue/market-clock.js';
import type { Venue } from '../venue/venue.js';
import type { Venues } from '../venue/venues.js';
import { coins, type Coin } from '../shared/catalogue.js';
import type { CandleHistory } from '../modules/market-data/candles.js';
import { generateHistory } from './history.js';
import { bucketStart } from '../modules/market-data/resolutions.js';
import { MINUTE_MS } from '../shared/time.js';
import { CoinMarketMaker, historyVolumeScale, type SystemOrders } from './market-maker.js';
import { PriceSimulator } from './price-simulator.js';
import { Coalesced } from '../shared/coalesced.js';

export interface SimulationOptions {
  seed: string;
  clock: MarketClock;
  venues: Venues;
  orders: SystemOrders;
  bus: VenueBus;
  /** The last stored price of each coin: the walk resumes from there. */
  lastPrices: Readonly<Record<string, string>>;
  /** Where each coin's reference price is published as the contracts' index. */
  index: IndexPrices;
  /** A market an administrator halted: its maker neither quotes nor trades until it resumes (its quotes stay). */
  halted?: (instId: string) => boolean;
}

/**
 * The generated past of every coin for this seed, ending at `endMs` at these prices: bars whose
 * volume is what the market's flow trades. A function of its arguments alone, so a process that
 * runs no simulation (a cluster's follower) draws the same chart history.
 */
export function generatedPast(seed: string, endMs: number, endPrices: Readonly<Record<string, string>>): Map<string, CandleHistory> {
  // The past depends on the minute endMs falls in, not on the millisecond (generateHistory).
  const key = JSON.stringify([seed, bucketStart(endMs, '1m'), endPrices]);
  let drawn = lastPast?.key === key ? lastPast.past : undefined;
  if (!drawn) {
    drawn = new Map<string, CandleHistory>();
    for (const coin of coins) {
      const past = generateHistory({ seed, endMs, endPrices, coins: [coin], volumeScale: historyVolumeScale(coin) }).get(coin.symbol);
      if (past) drawn.set(coin.symbol, past);
    }
    lastPast = { key, past: drawn };
    setTimeout(() => {
      if (lastPast?.key === key) lastPast = null;
    }, MINUTE_MS).unref();
  }
  return new Map([...drawn].map(([symbol, past]) => [symbol, copyOf(past)]));
}

/**
 * The last past drawn, for a process that opens several apps in the same minute (the test suite
 * builds hundreds, and drawing the past was 0.35 s of CPU of a 0.9 s app start), kept for that
 * minute only: a server draws it once and should not hold a second copy (about 14 MB). Each
 * caller gets its own copy, as the candles write into the arrays they are seeded with.
 */
let lastPast: { key: string; past: Map<string, CandleHistory> } | null = null;

function copyOf(past: CandleHistory): CandleHistory {
  const bars = Object.fromEntries(
    Object.entries(past.bars).map(([resolution, b]) => [
      resolution,
      { time: b.time.slice(), open: b.open.slice(), high: b.high.slice(), low: b.low.slice(), close: b.close.slice(), volume: b.volume.slice(), quoteVolume: b.quoteVolume.slice() },
    ]),
  ) as CandleHistory['bars'];
  return { decimals: { ...past.decimals }, bars };
}

/**
 * The market of the embedded default: a seeded random walk per coin (the reference price, published
 * as the contracts' index) and a market maker per venue quoting around it, both clients of the venues
 * like any user. Time moves only through `step(nowMs)`, which the kernel clock calls when the market
 * runs by itself (core.ts).
 */
export class MarketSimulation {
  private readonly sim: PriceSimulator;
  private readonly makers = new Map<string, CoinMarketMaker>();
  private readonly unsubscribe: () => void;
  private readonly steps = new Coalesced();

  constructor(private readonly opts: SimulationOptions) {
    this.sim = new PriceSimulator({ seed: opts.seed, startMs: opts.clock.nowMs, initialPrices: opts.lastPrices });
    for (const [symbol, price] of Object.entries(this.sim.prices())) opts.index.publish(symbol, price);
    this.sim.subscribe((u) => opts.index.publish(u.symbol, u.price));
    for (const venue of opts.venues.all()) this.makers.set(venue.instId, new CoinMarketMaker(venue, opts.orders, opts.seed));
    this.unsubscribe = opts.bus.subscribe((m) => this.makers.get(m.instId)?.onMessage(m));
  }

  /** Starts quoting a market listed after start (a delivery contract's next quarter). */
  async addMarket(venue: Venue): Promise<void> {
    const maker = new CoinMarketMaker(venue, this.opts.orders, this.opts.seed);
    this.makers.set(venue.instId, maker);
    await maker.requote(maker.venueTicks(this.sim));
  }

  /** Walks the reference price of a coin listed after start, published as its index from now on. */
  addCoin(coin: Coin): void {
    this.sim.addCoin(coin);
    this.opts.index.publish(coin.symbol, this.sim.current(coin.symbol));
  }

  /** Stops quoting a market (an expired delivery contract). */
  removeMarket(instId: string): void {
    this.makers.delete(instId.toUpperCase());
  }

  /** Holds a coin's reference price at `price` (null: let it walk again); tests drive futures indexes with it. */
  pin(symbol: string, price: string | null): void {
    this.sim.pin(symbol, price);
    this.opts.index.publish(symbol, this.sim.current(symbol));
  }

  /** The reference price of every coin now (decimal strings by symbol). */
  prices(): Record<string, string> {
    return this.sim.prices();
  }

  /**
   * The generated past of every coin, ending at `endMs` at these prices: bars whose volume is what
   * this market's flow trades, so the chart's history and the live market look alike.
   */
  generatedPast(endMs: number, endPrices: Readonly<Record<string, string>>): Map<string, CandleHistory> {
    return generatedPast(this.opts.seed, endMs, endPrices);
  }

  /** Puts the makers' ladders on the books at the current reference prices. */
  async quote(): Promise<void> {
    await Promise.all([...this.makers.values()].map((m) => m.requote(m.venueTicks(this.sim))));
  }

  /**
   * One market step: prices move, quotes follow, some crossing orders trade. Resolves once the
   * step's orders were committed; steps run one after the other, and the steps asked for while one
   * runs are one step, to the latest time (a slow batch does not pile them up).
   */
  step(nowMs: number): Promise<void> {
    const run = async () => {
      const dt = nowMs - this.opts.clock.nowMs;
      if (dt <= 0) return;
      this.opts.clock.advance(nowMs);
      this.sim.step(nowMs);
      const work: Promise<unknown>[] = [];
      for (const [instId, maker] of this.makers) {
        if (this.opts.halted?.(instId)) continue;
        work.push(maker.requote(maker.venueTicks(this.sim)), maker.maybeTrade(dt));
      }
      await Promise.all(work);
    };
    // A step that failed (a batch that did not commit) does not stop the ones after it.
    return this.steps.run(run);
  }

  /** A crossing order on one market now (tests, demos); resolves whether it traded. */
  async forceTrade(instId: string, side: Side): Promise<boolean> {
    const maker = this.makers.get(instId.toUpperCase());
    if (!maker) throw new Error(`unknown market ${instId}`);
    return maker.trade(side);
  }

  /** Stops following the venues and resolves once the step under way, if any, has ended. */
  async stop(): Promise<void> {
    this.unsubscribe();
    await this.steps.idle();
  }
}
