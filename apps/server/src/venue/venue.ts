import { OrderBook, type Command, type EngineEvent } from '@exchange/engine';
import type { IdRange } from '../db/id-range.js';
import type { Coin } from '../shared/catalogue.js';
import { TickGrid } from '../shared/tick-grid.js';
import type { Trade, VenueEvent } from './events.js';

/** An order put back on a rebuilt book: what is left of it, on the grid. */
export interface RestingOrder {
  id: string;
  owner: string;
  side: 'buy' | 'sell';
  price: number;
  qty: number;
  /** An untriggered stop-limit waits for this price. */
  stopPrice: number | null;
}

/**
 * One market: its engine book and the one way to change it. Commands go in through `execute`, one
 * at a time, and its events come back as the return value, fills with their trade (an id from the
 * database's trade sequence, decimals on the coin's grid, the time). Whoever calls `execute` owns
 * the consequences: the spot order service calls it only inside a ledger batch, which makes the
 * batch queue this venue's command queue.
 */
export class Venue {
  readonly instId: string;
  readonly prices: TickGrid;
  readonly lots: TickGrid;
  private readonly book: OrderBook;
  private out: VenueEvent[] = [];

  constructor(
    readonly coin: Coin,
    instId: string,
    private readonly tradeIds: IdRange,
    private readonly now: () => number,
    /**
     * A coin's spot market, its perpetual contract or a delivery contract (whose trades carry the
     * contract's id as symbol).
     */
    readonly kind: 'spot' | 'swap' | 'expiry' = 'spot',
  ) {
    this.instId = instId;
    this.prices = new TickGrid(coin.tick_size);
    this.lots = new TickGrid(coin.lot_size);
    this.book = new OrderBook({ onEvent: (e) => this.onEvent(e) });
  }

  /**
   * Runs one command. The caller must have reserved at least `maxTradesPerCommand` trade ids: a
   * command can trade with every order on the book, and no more.
   */
  execute(command: Command): VenueEvent[] {
    this.out = [];
    this.book.submit(command);
    const events = this.out;
    this.out = [];
    return events;
  }

  /** The owner's live orders on this market, resting or waiting for their stop. */
  liveOrdersOf(owner: string): number {
    return this.book.liveOrdersOf(owner);
  }

  get maxTradesPerCommand(): number {
    return this.book.size + 1;
  }

  bestBid(): number | null {
    return this.book.bestBid();
  }

  bestAsk(): number | null {
    return this.book.bestAsk();
  }

  get lastPrice(): number | null {
    return this.book.lastPrice;
  }

  depth(levels: number) {
    return this.book.depth(levels);
  }

  getOrder(id: string) {
    return this.book.getOrder(id);
  }

  snapshot() {
    return this.book.snapshot();
  }

  /**
   * Empties the book and puts these orders back, oldest first, so their time priority is kept
   * (after a restart or a batch that did not commit). The engine's events of it are dropped: the
   * database already holds what they would say.
   */
  restore(orders: readonly RestingOrder[]): void {
    const snap = this.book.snapshot();
    for (const o of [...snap.bids, ...snap.asks, ...snap.stops]) this.book.cancel(o.id);
    for (const o of orders) {
      if (o.stopPrice !== null) this.book.stopLimit({ id: o.id, owner: o.owner, side: o.side, price: o.price, qty: o.qty, stopPrice: o.stopPrice });
      else this.book.limit({ id: o.id, owner: o.owner, side: o.side, price: o.price, qty: o.qty });
    }
    this.out = [];
  }

  private onEvent(event: EngineEvent): void {
    if (event.type !== 'fill') {
      this.out.push(event);
      return;
    }
    const trade: Trade = {
      id: this.tradeIds.take(),
      symbol: this.kind === 'spot' ? this.coin.symbol : this.instId,
      price: this.prices.format(event.price),
      qty: this.lots.format(event.qty),
      takerSide: event.takerSide,
      makerOrderId: event.makerOrderId,
      takerOrderId: event.takerOrderId,
      ts: this.now(),
    };
    // A literal, not a spread: V8 gives spread objects a slow shape, and every consumer reads these.
    this.out.push({
      type: 'fill',
      tradeId: event.tradeId,
      price: event.price,
      qty: event.qty,
      takerSide: event.takerSide,
      makerOrderId: event.makerOrderId,
      takerOrderId: event.takerOrderId,
      makerOwner: event.makerOwner,
      takerOwner: event.takerOwner,
      makerRemaining: event.makerRemaining,
      takerRemaining: event.takerRemaining,
      trade,
    });
  }
}
