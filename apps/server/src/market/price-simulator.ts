import { coins as catalogueCoins, type Coin } from '../shared/catalogue.js';
import { modelParams, nextLogPrice, type ModelOptions, type ModelParams } from './price-model.js';
import { rngFor, type Rng } from '../shared/prng.js';
import { TickGrid } from '../shared/tick-grid.js';

export interface PriceUpdate {
  symbol: string;
  /** Decimal string, exactly on the coin's tick. */
  price: string;
  ts: number;
}

/**
 * Where the market maker gets its reference price. The embedded default is the simulator below;
 * a real exchange's feed can implement the same two calls.
 */
export interface ReferencePriceSource {
  /** Latest price of a coin as a decimal string on its tick; throws for an unknown symbol. */
  current(symbol: string): string;
  /** Called for every price change; returns the unsubscribe function. Listeners must not throw. */
  subscribe(listener: (update: PriceUpdate) => void): () => void;
}

export interface SimulatorOptions extends ModelOptions {
  seed: number | string;
  /** Simulated time of the starting prices. */
  startMs: number;
  coins?: readonly Coin[];
  /** Resume from stored prices (decimal strings by symbol) instead of the snapshot. */
  initialPrices?: Readonly<Record<string, string>>;
}

interface CoinState {
  symbol: string;
  params: ModelParams;
  grid: TickGrid;
  rng: Rng;
  logPrice: number;
  ticks: number;
  price: string;
}

/**
 * Seeded random walk of every coin, advanced only by explicit `step(nowMs)` calls: the same seed and
 * the same sequence of steps give the same prices. Each coin has its own random stream, so adding a
 * coin to the catalogue does not change the others' paths.
 */
export class PriceSimulator implements ReferencePriceSource {
  private readonly states = new Map<string, CoinState>();
  private readonly listeners = new Set<(update: PriceUpdate) => void>();
  private readonly pinned = new Set<string>();
  private lastMs: number;
  private readonly seed: number | string;
  private readonly model: ModelOptions;

  constructor(opts: SimulatorOptions) {
    this.lastMs = opts.startMs;
    this.seed = opts.seed;
    this.model = opts;
    for (const coin of opts.coins ?? catalogueCoins) this.addCoin(coin, opts.initialPrices?.[coin.symbol]);
  }

  /** Starts walking a coin listed after start (its own random stream, so the others' paths do not change). */
  addCoin(coin: Coin, start: string = coin.price): void {
    if (this.states.has(coin.symbol)) return;
    const grid = new TickGrid(coin.tick_size);
    const ticks = grid.ticksOf(start);
    this.states.set(coin.symbol, {
      symbol: coin.symbol,
      params: modelParams(coin, this.model),
      grid,
      rng: rngFor(this.seed, 'live', coin.symbol),
      logPrice: Math.log(Number(start)),
      ticks,
      price: grid.format(ticks),
    });
  }

  get nowMs(): number {
    return this.lastMs;
  }

  current(symbol: string): string {
    const state = this.states.get(symbol.toUpperCase());
    if (!state) throw new Error(`unknown symbol ${symbol}`);
    return state.price;
  }

  /** Every coin's current price, by symbol. */
  prices(): Record<string, string> {
    return Object.fromEntries([...this.states.values()].map((s) => [s.symbol, s.price]));
  }

  subscribe(listener: (update: PriceUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Holds a coin at `price` (on its tick) until unpinned with null: the test hook that drives a
   * contract's index along a known path (modules/futures/test-routes.ts).
   */
  pin(symbol: string, price: string | null): void {
    const s = this.states.get(symbol.toUpperCase());
    if (!s) throw new Error(`unknown symbol ${symbol}`);
    if (price === null) {
      this.pinned.delete(s.symbol);
      return;
    }
    s.ticks = s.grid.ticksOf(price);
    s.price = s.grid.format(s.ticks);
    s.logPrice = Math.log(Number(s.price));
    this.pinned.add(s.symbol);
  }

  /** Advances every coin to `nowMs`; a time at or before the last step changes nothing. */
  step(nowMs: number): PriceUpdate[] {
    const dtMs = nowMs - this.lastMs;
    if (dtMs <= 0) return [];
    this.lastMs = nowMs;
    const updates: PriceUpdate[] = [];
    for (const s of this.states.values()) {
      if (this.pinned.has(s.symbol)) continue;
      s.logPrice = nextLogPrice(s.logPrice, s.params, dtMs, s.rng);
      const ticks = s.grid.ticksNear(Math.exp(s.logPrice));
      if (ticks === s.ticks) continue;
      s.ticks = ticks;
      s.price = s.grid.format(ticks);
      updates.push({ symbol: s.symbol, price: s.price, ts: nowMs });
    }
    for (const update of updates) for (const listener of this.listeners) listener(update);
    return updates;
  }
}
