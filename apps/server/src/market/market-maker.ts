import type { Command, Side } from '@exchange/engine';
import { systemOwners } from '../ledger/accounts.js';
import type { VenueEvent, VenueMessage } from '../venue/events.js';
import type { Venue } from '../venue/venue.js';
import type { Coin } from '../shared/catalogue.js';
import { rngFor, type Rng } from '../shared/prng.js';
import { TickGrid } from '../shared/tick-grid.js';

/** Owner of the resting quotes; its ledger accounts may go negative (simulated unlimited inventory). */
export const MARKET_MAKER_OWNER = systemOwners.marketMaker;
/** Owner of the small crossing orders that make trades happen; not the maker, so no self-trade prevention. */
export const MARKET_FLOW_OWNER = systemOwners.marketFlow;

/** How the simulated market places its orders: like a user's, through the spot order service, in its batches. */
export interface SystemOrders {
  submitSystem(instId: string, commands: readonly Command[]): Promise<VenueEvent[]>;
}

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
 * Keeps a ladder of post-only bids and asks on one venue around a reference price, and now and then
 * sends a market order that takes from it. Levels sit on a fixed grid (multiples of the level step),
 * so a small move of the reference only cancels and places the levels near the touch. A client of
 * the venue like any user: its commands go through the spot order service, and it learns from the
 * venue's committed events which of its quotes left the book.
 */
export class CoinMarketMaker {
  private readonly bids = new Map<number, string>();
  private readonly asks = new Map<number, string>();
  private readonly quotes = new Map<string, Quote>();
  private readonly rng: Rng;
  private readonly lots: TickGrid;
  private readonly tick: number;
  private readonly coin: Coin;
  private lastMid = 0;
  private stale = true;
  /** A requote is on its way: the next one waits, so two never decide on the same ladder. */
  private busy = false;
  private nextId = 1;

  constructor(
    private readonly venue: Venue,
    private readonly orders: SystemOrders,
    seed: string,
  ) {
    this.coin = venue.coin;
    // A contract's market draws its own sizes and flow, not a copy of its coin's spot market.
    this.rng = rngFor(seed, 'market-maker', venue.kind === 'spot' ? this.coin.symbol : venue.instId);
    this.lots = new TickGrid(this.coin.lot_size);
    this.tick = Number(this.coin.tick_size);
  }

  /** The reference price of this maker's coin, in the venue's ticks. */
  venueTicks(prices: { current(symbol: string): string }): number {
    return this.venue.prices.ticksOf(prices.current(this.coin.symbol));
  }

  /** What the venue committed: quotes that filled, were refused or were wiped by a rebuild. */
  onMessage(message: VenueMessage): void {
    if (message.instId !== this.venue.instId) return;
    if (message.type === 'reset') {
      this.bids.clear();
      this.asks.clear();
      this.quotes.clear();
      this.stale = true;
      return;
    }
    for (const e of message.events) {
      if ((e.type === 'done' || e.type === 'rejected') && e.owner === MARKET_MAKER_OWNER) this.quoteDone(e.orderId);
    }
  }

  /** Brings the ladder to the reference price `mid` (ticks); resolves once its commands were committed. */
  async requote(mid: number): Promise<void> {
    if (this.busy || (mid === this.lastMid && !this.stale)) return;
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
    const commands: Command[] = [...this.cancelUnwanted(this.bids, wantBids), ...this.cancelUnwanted(this.asks, wantAsks)];
    let level = 0;
    for (const price of wantBids) this.place('buy', price, level++, commands);
    level = 0;
    for (const price of wantAsks) this.place('sell', price, level++, commands);
    if (commands.length === 0) return;
    this.busy = true;
    try {
      await this.orders.submitSystem(this.venue.instId, commands);
    } catch {
      // The batch did not commit: the venue was rebuilt, and its reset message cleared the ladder.
      this.stale = true;
    } finally {
      this.busy = false;
    }
  }

  /** Called once per market step of `dtMs`: maybe sends one crossing market order. */
  maybeTrade(dtMs: number): Promise<boolean> {
    const chance = (tradesPerMinute(this.coin) * dtMs) / 60_000;
    if (this.rng() >= chance) return Promise.resolve(false);
    return this.trade(this.rng() < 0.5 ? 'buy' : 'sell');
  }

  /** One crossing market order of a random size around the first level's size; resolves whether it traded. */
  async trade(side: Side): Promise<boolean> {
    const best = side === 'buy' ? this.venue.bestAsk() : this.venue.bestBid();
    if (best === null) return false;
    const qty = this.takerLots(best * this.tick);
    const id = `${this.coin.symbol.toLowerCase()}-f${this.nextId++}`;
    const events = await this.orders.submitSystem(this.venue.instId, [{ type: 'market', id, owner: MARKET_FLOW_OWNER, side, qty }]);
    return events.some((e) => e.type === 'fill');
  }

  private quoteDone(orderId: string): void {
    const q = this.quotes.get(orderId);
    if (!q) return;
    this.quotes.delete(orderId);
    const side = q.side === 'buy' ? this.bids : this.asks;
    if (side.get(q.price) === orderId) side.delete(q.price);
    this.stale = true;
  }

  private cancelUnwanted(side: Map<number, string>, want: Set<number>): Command[] {
    const out: Command[] = [];
    for (const [price, id] of side) {
      if (want.has(price)) continue;
      side.delete(price);
      this.quotes.delete(id);
      out.push({ type: 'cancel', id });
    }
    return out;
  }

  private place(side: Side, price: number, level: number, commands: Command[]): void {
    const map = side === 'buy' ? this.bids : this.asks;
    if (map.has(price)) return;
    const quote = levelQuote(this.coin) * (1 + 0.12 * level) * (0.6 + 0.8 * this.rng());
    const qty = this.lots.ticksNear(quote / (price * this.tick));
    const id = `${this.coin.symbol.toLowerCase()}-q${this.nextId++}`;
    // Counted as resting until the venue says otherwise (a refused post-only, a fill).
    map.set(price, id);
    this.quotes.set(id, { side, price });
    commands.push({ type: 'limit', id, owner: MARKET_MAKER_OWNER, side, price, qty, postOnly: true });
  }

  private takerLots(price: number): number {
    const sweep = this.rng() < 0.15 ? 2.5 : 1;
    const quote = levelQuote(this.coin) * (0.1 + 0.9 * this.rng()) * sweep;
    return this.lots.ticksNear(quote / price);
  }
}
