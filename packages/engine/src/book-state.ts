import { BookSide } from './book-side.js';
import { NO_BUDGET, OrderNode, type PriceLevel } from './order-node.js';
import { StopBook } from './stop-book.js';
import type { BookSnapshot, Depth, DepthLevel, EventListener, OrderBookOptions, OrderSnapshot, OrderView, StpMode } from './types.js';

/**
 * What a book holds and how it reads: both sides, the stops, the live orders with a count per owner,
 * the last price and the sequences, and the views of them (depth, one order, the snapshot). The
 * matching that changes them is OrderBook's.
 */
export class BookState {
  onEvent: EventListener | undefined;
  readonly defaultStp: StpMode;
  protected readonly bids = new BookSide(true);
  protected readonly asks = new BookSide(false);
  protected readonly stops = new StopBook();
  /** Live orders: resting ones and untriggered (or just triggered) stops. */
  protected readonly orders = new Map<string, OrderNode>();
  /** Live orders per owner, kept with `orders`, so a caller can cap what one owner leaves on the book. */
  private readonly ownedCounts = new Map<string, number>();
  /** 0 = no trade yet; prices are >= 1. */
  protected last = 0;
  protected seq = 0;
  protected tradeSeq = 0;

  constructor(options: OrderBookOptions = {}) {
    this.defaultStp = options.stp ?? 'cancel-maker';
    this.onEvent = options.onEvent;
  }

  get lastPrice(): number | null {
    return this.last === 0 ? null : this.last;
  }

  /** Live orders, resting and untriggered stops. */
  get size(): number {
    return this.orders.size;
  }

  /** The owner's live orders, resting and untriggered stops. */
  liveOrdersOf(owner: string): number {
    return this.ownedCounts.get(owner) ?? 0;
  }

  protected track(n: OrderNode): void {
    if (!this.orders.has(n.id)) this.ownedCounts.set(n.owner, (this.ownedCounts.get(n.owner) ?? 0) + 1);
    this.orders.set(n.id, n);
  }

  protected untrack(id: string): void {
    const n = this.orders.get(id);
    if (n === undefined) return;
    this.orders.delete(id);
    const left = (this.ownedCounts.get(n.owner) ?? 1) - 1;
    if (left === 0) this.ownedCounts.delete(n.owner);
    else this.ownedCounts.set(n.owner, left);
  }

  bestBid(): number | null {
    return this.bids.best()?.price ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best()?.price ?? null;
  }

  depth(levels = 5): Depth {
    return { bids: topLevels(this.bids.levels, levels), asks: topLevels(this.asks.levels, levels) };
  }

  getOrder(id: string): OrderView | undefined {
    const n = this.orders.get(id);
    if (n === undefined) return undefined;
    return {
      id: n.id,
      owner: n.owner,
      side: n.isBuy ? 'buy' : 'sell',
      price: n.price,
      origQty: n.origQty,
      filledQty: n.filled,
      remainingQty: n.qty,
      state: n.level === null ? 'stop' : 'resting',
      stopPrice: n.stopPrice === 0 ? null : n.stopPrice,
    };
  }

  snapshot(): BookSnapshot {
    return {
      version: 1,
      stp: this.defaultStp,
      lastPrice: this.lastPrice,
      seq: this.seq,
      tradeSeq: this.tradeSeq,
      bids: sideSnapshot(this.bids.levels),
      asks: sideSnapshot(this.asks.levels),
      stops: [...this.stops.buys, ...this.stops.sells].map(orderSnapshot),
    };
  }

  /** Puts back what `snapshot()` gave, into an empty book; the snapshot is trusted (it came from a book). */
  protected load(snap: BookSnapshot): void {
    this.last = snap.lastPrice ?? 0;
    this.seq = snap.seq;
    this.tradeSeq = snap.tradeSeq;
    for (const o of snap.bids) this.restoreOrder(o, this.bids);
    for (const o of snap.asks) this.restoreOrder(o, this.asks);
    for (const o of snap.stops) this.restoreOrder(o, null);
  }

  private restoreOrder(o: OrderSnapshot, side: BookSide | null): void {
    const n = new OrderNode(
      o.id,
      o.owner,
      o.side === 'buy',
      o.price,
      o.qty,
      o.origQty,
      o.seq,
      o.tif,
      o.postOnly,
      o.stp,
      o.stopPrice ?? 0,
      NO_BUDGET,
    );
    n.filled = o.filled;
    if (side === null) this.stops.add(n);
    else side.add(n);
    this.track(n);
  }
}

function topLevels(levels: PriceLevel[], count: number): DepthLevel[] {
  const out: DepthLevel[] = [];
  for (let i = levels.length - 1; i >= 0 && out.length < count; i--) {
    const l = levels[i] as PriceLevel;
    out.push({ price: l.price, qty: l.qty, orders: l.count });
  }
  return out;
}

function sideSnapshot(levels: PriceLevel[]): OrderSnapshot[] {
  const out: OrderSnapshot[] = [];
  for (let i = levels.length - 1; i >= 0; i--) {
    for (let n = (levels[i] as PriceLevel).head; n !== null; n = n.next) out.push(orderSnapshot(n));
  }
  return out;
}

function orderSnapshot(n: OrderNode): OrderSnapshot {
  return {
    id: n.id,
    owner: n.owner,
    side: n.isBuy ? 'buy' : 'sell',
    price: n.price,
    qty: n.qty,
    origQty: n.origQty,
    filled: n.filled,
    seq: n.seq,
    tif: n.tif,
    postOnly: n.postOnly,
    stp: n.stp,
    stopPrice: n.stopPrice === 0 ? null : n.stopPrice,
  };
}
