import type { FastifyBaseLogger } from 'fastify';
import { Engine, type EngineEvent, type OrderBook, type Side } from '@exchange/engine';
import type { Database } from '../db/database.js';
import { coins as catalogueCoins, instId as instIdOf, type Coin } from './catalogue.js';
import { CandleAggregator } from './candles.js';
import { buildCoinList, type CoinListItem } from './coin-list.js';
import { generateHistory } from './history.js';
import { CoinMarketMaker, MARKET_MAKER_OWNER, historyVolumeScale } from './market-maker.js';
import { DAY_MS } from './price-model.js';
import { PriceSimulator } from './price-simulator.js';
import { TickGrid } from './tick-grid.js';
import { TickerStats, type Ticker24h } from './ticker-stats.js';
import { TradeStore, type TradeRecord } from './trade-store.js';

/** Told after each market step which markets changed, with their new trades (oldest first). */
export type MarketListener = (instId: string, trades: readonly TradeRecord[]) => void;
/** Told of every engine event after the market handled it; `trade` is the stored record of a fill. */
export type EngineEventHook = (instId: string, event: EngineEvent, trade?: TradeRecord) => void;

export interface MarketOptions {
  db: Database;
  seed: string;
  now: () => number;
  log: FastifyBaseLogger;
  stepMs?: number;
  /** Recent stored trades replayed into candles and tickers on start (the last 24 h, at most this many). */
  replayLimit?: number;
}

export interface Market {
  coin: Coin;
  instId: string;
  book: OrderBook;
  maker: CoinMarketMaker;
  prices: TickGrid;
  lots: TickGrid;
}

/**
 * The embedded live market: one engine book per catalogue coin, quoted by the market maker around
 * the price simulator, with every trade feeding candles, 24 h tickers, the public feeds and the
 * `trades` table. Time only moves through `tick(nowMs)`; `start()` calls it from a timer.
 */
export class MarketService {
  readonly candles = new CandleAggregator();
  readonly tickers = new TickerStats();
  private readonly markets = new Map<string, Market>();
  private readonly engine: Engine;
  private readonly store: TradeStore;
  private readonly listeners = new Set<MarketListener>();
  private readonly eventHooks = new Set<EngineEventHook>();
  private readonly changed = new Map<string, TradeRecord[]>();
  private readonly timers: NodeJS.Timeout[] = [];
  private coinList: CoinListItem[] = [];
  private coinListBody = Buffer.from('[]');
  /** A step moved prices since the coin list was built: it is rebuilt when next asked for. */
  private coinListStale = false;
  private nowMs: number;
  private lastTradeId: number;

  private constructor(
    private readonly opts: MarketOptions,
    private readonly sim: PriceSimulator,
    startMs: number,
    lastTradeId: number,
  ) {
    this.store = new TradeStore(opts.db);
    this.nowMs = startMs;
    this.lastTradeId = lastTradeId;
    this.engine = new Engine((instId, event) => this.onEvent(instId, event));
    for (const coin of catalogueCoins) {
      const id = instIdOf(coin.symbol);
      const book = this.engine.addMarket(id);
      this.markets.set(id, {
        coin,
        instId: id,
        book,
        maker: new CoinMarketMaker(book, coin, opts.seed, coin.symbol.toLowerCase()),
        prices: new TickGrid(coin.tick_size),
        lots: new TickGrid(coin.lot_size),
      });
    }
  }

  /**
   * Opens the market from the database. First start (no trades): the generated past ends now at the
   * simulator's prices. Later starts: the simulator resumes from the last stored prices, the trades of
   * the last 24 h are replayed, and the generated past ends where they begin (older bars are
   * regenerated from the seed, not stored).
   */
  static async open(opts: MarketOptions): Promise<MarketService> {
    const store = new TradeStore(opts.db);
    const startMs = opts.now();
    const [lastTradeId, lastPrices] = await Promise.all([store.maxId(), store.lastPrices()]);
    const recent = await store.since(startMs - DAY_MS, opts.replayLimit ?? 500_000);
    const sim = new PriceSimulator({ seed: opts.seed, startMs, initialPrices: lastPrices });
    const market = new MarketService(opts, sim, startMs, lastTradeId);
    market.seedHistory(recent, startMs);
    for (const m of market.markets.values()) m.maker.requote(m.prices.ticksOf(sim.current(m.coin.symbol)));
    market.changed.clear();
    market.refreshCoinList();
    return market;
  }

  get now(): number {
    return this.nowMs;
  }

  market(instId: string): Market | undefined {
    return this.markets.get(instId.toUpperCase());
  }

  allMarkets(): IterableIterator<Market> {
    return this.markets.values();
  }

  ticker(symbol: string): Ticker24h | undefined {
    return this.tickers.stats(symbol, this.nowMs);
  }

  /** Last trade price of a base symbol in USDT, as a decimal string. */
  lastPrice(symbol: string): string | undefined {
    return this.ticker(symbol)?.last;
  }

  onChange(listener: MarketListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Spot trading settles user orders from these events (user orders share the engine books). */
  onEngineEvent(hook: EngineEventHook): () => void {
    this.eventHooks.add(hook);
    return () => this.eventHooks.delete(hook);
  }

  /** Pushes what orders placed outside tick() changed (trades, books) to the public listeners. */
  publish(): void {
    this.emit();
  }

  /** The GET /coins answer, serialised at most once per market step. */
  coinsBody(): Buffer {
    if (this.coinListStale) this.refreshCoinList();
    return this.coinListBody;
  }

  coins(): readonly CoinListItem[] {
    if (this.coinListStale) this.refreshCoinList();
    return this.coinList;
  }

  /**
   * One market step: prices move, quotes follow, some crossing orders trade. The coin list is only
   * marked stale: rebuilding it (35 tickers, their decimals and the JSON) took 1.5-10 ms of the
   * step, an event-loop stall every order in flight waited out, also when nobody asked for it.
   */
  tick(nowMs: number): void {
    const dt = nowMs - this.nowMs;
    if (dt <= 0) return;
    this.nowMs = nowMs;
    this.sim.step(nowMs);
    for (const m of this.markets.values()) {
      m.maker.requote(m.prices.ticksOf(this.sim.current(m.coin.symbol)));
      m.maker.maybeTrade(dt);
    }
    this.emit();
    this.coinListStale = true;
  }

  /** A crossing order on one market now (tests, demos); answers whether it traded. */
  forceTrade(instId: string, side: Side): boolean {
    const m = this.market(instId);
    if (!m) throw new Error(`unknown market ${instId}`);
    const before = this.lastTradeId;
    m.maker.trade(side);
    this.emit();
    return this.lastTradeId > before;
  }

  flushTrades(): Promise<void> {
    return this.store.flush();
  }

  start(stepMs = this.opts.stepMs ?? 1000): void {
    if (this.timers.length > 0) return;
    this.timers.push(
      setInterval(() => this.tick(this.opts.now()), stepMs),
      setInterval(() => {
        this.flushTrades().catch((err: unknown) => this.opts.log.error({ err }, 'storing trades failed'));
      }, 1000),
    );
  }

  async stop(): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    await this.flushTrades();
  }

  refreshCoinList(): void {
    this.coinListStale = false;
    this.coinList = buildCoinList(catalogueCoins, (symbol) => this.ticker(symbol), this.nowMs);
    this.coinListBody = Buffer.from(JSON.stringify(this.coinList));
  }

  private seedHistory(recent: readonly TradeRecord[], startMs: number): void {
    const endMs = recent[0]?.ts ?? startMs;
    const endPrices: Record<string, string> = this.sim.prices();
    for (const t of [...recent].reverse()) endPrices[t.symbol] = t.price;
    for (const coin of catalogueCoins) {
      const past = generateHistory({
        seed: this.opts.seed,
        endMs,
        endPrices,
        coins: [coin],
        volumeScale: historyVolumeScale(coin),
      }).get(coin.symbol);
      if (!past) continue;
      this.candles.seed(coin.symbol, past);
      this.tickers.seedBars(coin.symbol, past.bars['1m'], past.decimals, endMs - DAY_MS);
    }
    for (const t of recent) this.recordTrade(t);
  }

  private onEvent(instId: string, event: EngineEvent): void {
    if (event.type === 'fill') {
      const m = this.markets.get(instId) as Market;
      const trade: TradeRecord = {
        id: ++this.lastTradeId,
        symbol: m.coin.symbol,
        price: m.prices.format(event.price),
        qty: m.lots.format(event.qty),
        takerSide: event.takerSide,
        makerOrderId: event.makerOrderId,
        takerOrderId: event.takerOrderId,
        ts: this.nowMs,
      };
      this.recordTrade(trade);
      this.store.add(trade);
      this.changedTrades(instId).push(trade);
      for (const hook of this.eventHooks) hook(instId, event, trade);
      return;
    }
    if (event.type === 'done' && event.owner === MARKET_MAKER_OWNER) {
      this.markets.get(instId)?.maker.quoteDone(event.orderId);
    }
    if (event.type !== 'rejected') this.changedTrades(instId);
    for (const hook of this.eventHooks) hook(instId, event);
  }

  private recordTrade(t: TradeRecord): void {
    const trade = { price: t.price, qty: t.qty, ts: t.ts };
    this.candles.apply(t.symbol, trade);
    this.tickers.applyTrade(t.symbol, trade);
  }

  private changedTrades(instId: string): TradeRecord[] {
    let list = this.changed.get(instId);
    if (!list) {
      list = [];
      this.changed.set(instId, list);
    }
    return list;
  }

  private emit(): void {
    for (const [instId, trades] of this.changed) {
      for (const listener of this.listeners) listener(instId, trades);
    }
    this.changed.clear();
  }
}
