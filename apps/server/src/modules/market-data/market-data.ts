import type { Database } from '../../db/database.js';
import { coins as catalogueCoins } from '../../shared/catalogue.js';
import { CandleAggregator, type CandleHistory } from './candles.js';
import { buildCoinList, type CoinListItem } from './coin-list.js';
import { DAY_MS } from '../../shared/time.js';
import { TickerStats, type Ticker24h } from './ticker-stats.js';
import type { VenueBus } from '../../venue/bus.js';
import type { Trade, VenueMessage } from '../../venue/events.js';
import type { MarketClock } from '../../venue/market-clock.js';
import type { Venue } from '../../venue/venue.js';
import type { Venues } from '../../venue/venues.js';
import { tradesSince } from './trade-reads.js';

/** Told after each committed change of a venue, with its new trades (oldest first); none when only the book moved. */
export type MarketListener = (instId: string, trades: readonly Trade[]) => void;

export interface MarketDataOptions {
  db: Database;
  venues: Venues;
  bus: VenueBus;
  clock: MarketClock;
  /** Prices the past ends at when no trade is stored yet (the simulator's). */
  referencePrices: Readonly<Record<string, string>>;
  /** Bars of each coin before the stored trades, ending at `endMs` at these prices (the simulator generates them). */
  past(endMs: number, endPrices: Readonly<Record<string, string>>): ReadonlyMap<string, CandleHistory>;
  /** Recent stored trades replayed into candles and tickers on start (the last 24 h, at most this many). */
  replayLimit?: number;
}

/**
 * Public market data from the venues' committed events: candles, 24 h tickers and the coin list,
 * and a change stream for the public feeds. On start the stored trades of the last 24 h are
 * replayed, and the past (the simulator's, generated from its seed) ends where they begin.
 */
export class MarketData {
  readonly candles = new CandleAggregator();
  readonly tickers = new TickerStats();
  private readonly listeners = new Set<MarketListener>();
  private readonly unsubscribe: () => void;
  private coinList: CoinListItem[] = [];
  private coinListBody = Buffer.from('[]');
  /** Market time the coin list was built at; a later time or a trade makes it stale. */
  private builtAt = -1;
  private tradedSince = true;

  private constructor(
    private readonly venues: Venues,
    bus: VenueBus,
    private readonly clock: MarketClock,
  ) {
    this.unsubscribe = bus.subscribe((m) => this.onMessage(m));
  }

  static async open(opts: MarketDataOptions): Promise<MarketData> {
    const data = new MarketData(opts.venues, opts.bus, opts.clock);
    const startMs = opts.clock.nowMs;
    const recent = await tradesSince(opts.db, startMs - DAY_MS, opts.replayLimit ?? 500_000);
    const endMs = recent[0]?.ts ?? startMs;
    const endPrices: Record<string, string> = { ...opts.referencePrices };
    // The generated past ends at each coin's oldest recent trade.
    for (const t of [...recent].reverse()) endPrices[t.symbol] = t.price;
    const pasts = opts.past(endMs, endPrices);
    for (const coin of catalogueCoins) {
      const past = pasts.get(coin.symbol);
      if (!past) continue;
      data.candles.seed(coin.symbol, past);
      data.tickers.seedBars(coin.symbol, past.bars['1m'], past.decimals, endMs - DAY_MS);
    }
    for (const t of recent) data.record(t);
    return data;
  }

  get now(): number {
    return this.clock.nowMs;
  }

  market(instId: string): Venue | undefined {
    return this.venues.get(instId);
  }

  allMarkets(): IterableIterator<Venue> {
    return this.venues.all();
  }

  ticker(symbol: string): Ticker24h | undefined {
    return this.tickers.stats(symbol, this.clock.nowMs);
  }

  /** Last trade price of a base symbol in USDT, as a decimal string. */
  lastPrice(symbol: string): string | undefined {
    return this.ticker(symbol)?.last;
  }

  onChange(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The GET /coins answer, built on first use after the market moved: rebuilding it (35 tickers,
   * their decimals and the JSON) took 1.5-10 ms, an event-loop stall every order in flight waited
   * out, so it is not rebuilt at every step when nobody asks.
   */
  coinsBody(): Buffer {
    this.refreshIfStale();
    return this.coinListBody;
  }

  coins(): readonly CoinListItem[] {
    this.refreshIfStale();
    return this.coinList;
  }

  close(): void {
    this.unsubscribe();
  }

  private refreshIfStale(): void {
    if (!this.tradedSince && this.builtAt === this.clock.nowMs) return;
    this.builtAt = this.clock.nowMs;
    this.tradedSince = false;
    this.coinList = buildCoinList(catalogueCoins, (symbol) => this.ticker(symbol), this.builtAt);
    this.coinListBody = Buffer.from(JSON.stringify(this.coinList));
  }

  private onMessage(m: VenueMessage): void {
    const trades: Trade[] = [];
    if (m.type === 'committed') {
      for (const e of m.events) if (e.type === 'fill') trades.push(e.trade);
      for (const t of trades) this.record(t);
      const last = trades.at(-1);
      if (last) {
        this.tradedSince = true;
        // A cluster's follower runs no market: its clock learns the leader's market time from the
        // trades it is told of (where they were made, the clock is at their time already).
        this.clock.advance(last.ts);
      }
    }
    for (const listener of this.listeners) listener(m.instId, trades);
  }

  private record(t: Trade): void {
    const trade = { price: t.price, qty: t.qty, ts: t.ts };
    this.candles.apply(t.symbol, trade);
    this.tickers.applyTrade(t.symbol, trade);
  }
}
