import type { OrderBook, Side } from '@exchange/engine';
import type { Coin } from './catalogue.js';
import { rngFor, type Rng } from './prng.js';
import { TickGrid } from './tick-grid.js';

/** Owner of the resting quotes; its ledger accounts may go negative (simulated unlimited inventory). */
export const MARKET_MAKER_OWNER = 'system:market-maker';
/** Owner of the small crossing orders that make trades happen; not the maker, so no self-trade prevention. */
export const MARKET_FLOW_OWNER = 'system:market-flow';

export const LEVELS_PER_SIDE = 15;
/** Distance between quoted levels, in basis points of the price (at least one tick). */
const LEVEL_STEP_BPS = 1;
/** Quote value of the first level as a share of the catalogue's market-wide 24 h volume. */
const LEVEL_SHARE_OF_VOLUME = 1e-6;
const MIN_LEVEL_QUOTE = 50;
/** Crossing orders per minute: the two big markets trade more. */
const BUSY_TRADES_PER_MINUTE = 10;
const QUIET_TRADES_PER_MINUTE = 3;
/** Average taker size as a share of the first level (see takerLots). */
const MEAN_TAKER_SHARE = 0.55 * (1 + 0.15 * 1.5);

function tradesPerMinute(coin: Coin): number {
  return coin.symbol === 'BTC' || coin.symbol === 'ETH' ? BUSY_TRADES_PER_MINUTE : QUIET_TRADES_PER_MINUTE;
}

function levelQuote(coin: Coin): number {
  return Math.max(MIN_LEVEL_QUOTE, Number(coin.quote_volume_24h) * LEVEL_SHARE_OF_VOLUME);
}

/**
 * The `volumeScale` for generateHistory that makes the synthetic past trade about what this market
 * maker's flow really trades a day (the minimum level size is ignored: a small difference on tiny coins).
 */
export function historyVolumeScale(coin: Coin): number {
  return tradesPerMinute(coin) * 1440 * MEAN_TAKER_SHARE * LEVEL_SHARE_OF_VOLUME;
}

interface Quote {
  side: Side;
  price: number;
}

/**
 * Keeps a ladder of post-only bids and asks on one book around a reference price, and now and then
 * sends a market order that takes from it. Levels sit on a fixed grid (multiples of the level step),
 * so a small move of the reference only cancels and places the levels near the touch.
 */
export class CoinMarketMaker {
  private readonly bids = new Map<number, string>();
  private readonly asks = new Map<number, string>();
  private readonly quotes = new Map<string, Quote>();
  private readonly rng: Rng;
  private readonly lots: TickGrid;
  private readonly tick: number;
  private lastMid = 0;
  private stale = true;
  private nextId = 1;

  constructor(
    private readonly book: OrderBook,
    readonly coin: Coin,
    seed: string,
    private readonly idPrefix: string,
  ) {
    this.rng = rngFor(seed, 'market-maker', coin.symbol);
    this.lots = new TickGrid(coin.lot_size);
    this.tick = Number(coin.tick_size);
  }

  /** The engine said one of our quotes left the book (filled or cancelled). */
  quoteDone(orderId: string): void {
    const q = this.quotes.get(orderId);
    if (!q) return;
    this.quotes.delete(orderId);
    const side = q.side === 'buy' ? this.bids : this.asks;
    if (side.get(q.price) === orderId) side.delete(q.price);
    this.stale = true;
  }

  /** Brings the ladder to the reference price `mid` (ticks); does nothing when nothing changed. */
  requote(mid: number): void {
    if (mid === this.lastMid && !this.stale) return;
    this.lastMid = mid;
    this.stale = false;
    const step = Math.max(1, Math.round((mid * LEVEL_STEP_BPS) / 10_000));
    const bidTop = Math.floor((mid - 1) / step) * step;
    const askTop = (Math.floor(mid / step) + 1) * step;
    const wantBids = new Set<number>();
    const wantAsks = new Set<number>();
    for (let i = 0; i < LEVELS_PER_SIDE; i++) {
      if (bidTop - i * step > 0) wantBids.add(bidTop - i * step);
      wantAsks.add(askTop + i * step);
    }
    // Cancels first: what stays is on the right side of mid, so new quotes never meet our own.
    this.cancelUnwanted(this.bids, wantBids);
    this.cancelUnwanted(this.asks, wantAsks);
    let level = 0;
    for (const price of wantBids) this.place('buy', price, level++);
    level = 0;
    for (const price of wantAsks) this.place('sell', price, level++);
  }

  /** Called once per market step of `dtMs`: maybe sends one crossing market order. */
  maybeTrade(dtMs: number): void {
    const chance = (tradesPerMinute(this.coin) * dtMs) / 60_000;
    if (this.rng() >= chance) return;
    this.trade(this.rng() < 0.5 ? 'buy' : 'sell');
  }

  /** One crossing market order of a random size around the first level's size. */
  trade(side: Side): void {
    const best = side === 'buy' ? this.book.bestAsk() : this.book.bestBid();
    if (best === null) return;
    const qty = this.takerLots(best * this.tick);
    this.book.market({ id: `${this.idPrefix}-f${this.nextId++}`, owner: MARKET_FLOW_OWNER, side, qty });
  }

  private cancelUnwanted(side: Map<number, string>, want: Set<number>): void {
    for (const [price, id] of side) {
      if (want.has(price)) continue;
      side.delete(price);
      this.quotes.delete(id);
      this.book.cancel(id);
    }
  }

  private place(side: Side, price: number, level: number): void {
    const map = side === 'buy' ? this.bids : this.asks;
    if (map.has(price)) return;
    const quote = levelQuote(this.coin) * (1 + 0.12 * level) * (0.6 + 0.8 * this.rng());
    const qty = this.lots.ticksNear(quote / (price * this.tick));
    const id = `${this.idPrefix}-q${this.nextId++}`;
    this.book.limit({ id, owner: MARKET_MAKER_OWNER, side, price, qty, postOnly: true });
    if (this.book.getOrder(id)) {
      map.set(price, id);
      this.quotes.set(id, { side, price });
    }
  }

  private takerLots(price: number): number {
    const sweep = this.rng() < 0.15 ? 2.5 : 1;
    const quote = levelQuote(this.coin) * (0.1 + 0.9 * this.rng()) * sweep;
    return this.lots.ticksNear(quote / price);
  }
}
