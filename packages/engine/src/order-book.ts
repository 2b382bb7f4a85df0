import { BookState } from './book-state.js';
import { crosses, fokFillable } from './entry-checks.js';
import { NO_BUDGET, OrderNode, UNBOUNDED_QTY } from './order-node.js';
import type {
  BookSnapshot,
  CancelReason,
  Command,
  EventListener,
  LimitOrderInput,
  MarketOrderInput,
  RejectReason,
  StopLimitOrderInput,
  TimeInForce,
} from './types.js';

const isQty = (n: number | undefined): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/**
 * One market's limit order book: price-time priority, integer ticks and lots, synchronous and
 * deterministic. Results are delivered as events to `onEvent`; the listener must not throw nor
 * call back into the book. What it holds and its reads are BookState's; this is the matching.
 */
export class OrderBook extends BookState {
  /** Stops triggered during the current call, entered after the current taker finishes. */
  private readonly pending: OrderNode[] = [];
  /** Set by match() when self-trade prevention expires the taker. */
  private stpHit = false;
  /** Set by match() when a budget market buy cannot afford one more lot. */
  private budgetHit = false;

  submit(cmd: Command): void {
    switch (cmd.type) {
      case 'limit':
        return this.limit(cmd);
      case 'market':
        return this.market(cmd);
      case 'stop-limit':
        return this.stopLimit(cmd);
      case 'cancel':
        this.cancel(cmd.id);
    }
  }

  limit(input: LimitOrderInput): void {
    const tif = input.tif ?? 'GTC';
    const postOnly = input.postOnly ?? false;
    const bad = this.validate(input.id, input.qty, input.price, tif, postOnly);
    if (bad !== null) return this.reject(input.id, input.owner, bad);
    const t = new OrderNode(
      input.id,
      input.owner,
      input.side === 'buy',
      input.price,
      input.qty,
      input.qty,
      0,
      tif,
      postOnly,
      input.stp ?? this.defaultStp,
      0,
      NO_BUDGET,
    );
    this.enterLimit(t, false);
    if (this.pending.length !== 0) this.runPending();
  }

  market(input: MarketOrderInput): void {
    const { id, owner, side, qty, budget } = input;
    let bad: RejectReason | null = null;
    if (this.orders.has(id)) bad = 'duplicate-id';
    else if (budget !== undefined) {
      if (qty !== undefined) bad = 'invalid-qty';
      else if (!isQty(budget) || side !== 'buy') bad = 'invalid-budget';
    } else if (!isQty(qty)) bad = 'invalid-qty';
    if (bad !== null) return this.reject(id, owner, bad);

    const isBuy = side === 'buy';
    const lots = budget === undefined ? (qty as number) : UNBOUNDED_QTY;
    const t = new OrderNode(
      id,
      owner,
      isBuy,
      isBuy ? Number.MAX_SAFE_INTEGER : 0,
      lots,
      lots,
      ++this.seq,
      'IOC',
      false,
      input.stp ?? this.defaultStp,
      0,
      budget ?? NO_BUDGET,
    );
    const listener = this.onEvent;
    if (listener !== undefined) {
      listener({
        type: 'accepted',
        orderId: id,
        owner,
        side,
        orderType: 'market',
        price: null,
        qty: budget === undefined ? lots : null,
        budget: budget ?? null,
        stopPrice: null,
        seq: t.seq,
      });
    }
    this.match(t);
    this.finish(t, 'market');
    if (this.pending.length !== 0) this.runPending();
  }

  stopLimit(input: StopLimitOrderInput): void {
    const tif = input.tif ?? 'GTC';
    const postOnly = input.postOnly ?? false;
    let bad = this.validate(input.id, input.qty, input.price, tif, postOnly);
    if (bad === null && !isQty(input.stopPrice)) bad = 'invalid-stop-price';
    if (bad !== null) return this.reject(input.id, input.owner, bad);
    const s = new OrderNode(
      input.id,
      input.owner,
      input.side === 'buy',
      input.price,
      input.qty,
      input.qty,
      ++this.seq,
      tif,
      postOnly,
      input.stp ?? this.defaultStp,
      input.stopPrice,
      NO_BUDGET,
    );
    this.onEvent?.({
      type: 'accepted',
      orderId: s.id,
      owner: s.owner,
      side: input.side,
      orderType: 'stop-limit',
      price: s.price,
      qty: s.qty,
      budget: null,
      stopPrice: s.stopPrice,
      seq: s.seq,
    });
    this.track(s);
    const last = this.last;
    if (last !== 0 && (s.isBuy ? last >= s.stopPrice : last <= s.stopPrice)) {
      this.pending.push(s);
      this.runPending();
    } else {
      this.stops.add(s);
    }
  }

  /** Cancels a resting order or an untriggered stop; returns false (and emits `rejected`) if unknown. */
  cancel(id: string): boolean {
    const n = this.orders.get(id);
    if (n === undefined) {
      this.onEvent?.({ type: 'rejected', orderId: id, owner: null, reason: 'unknown-order' });
      return false;
    }
    this.untrack(id);
    if (n.level !== null) (n.isBuy ? this.bids : this.asks).remove(n);
    else this.stops.remove(n);
    const listener = this.onEvent;
    if (listener !== undefined) {
      listener({ type: 'cancelled', orderId: id, owner: n.owner, reason: 'user', remainingQty: n.qty });
      listener({
        type: 'done',
        orderId: id,
        owner: n.owner,
        status: 'cancelled',
        filledQty: n.filled,
        remainingQty: n.qty,
        budgetLeft: null,
      });
    }
    return true;
  }

  /** Rebuilds a book from `snapshot()` output; the snapshot is trusted (it came from a book). */
  static restore(snap: BookSnapshot, onEvent?: EventListener): OrderBook {
    const book = new OrderBook({ stp: snap.stp, onEvent });
    book.load(snap);
    return book;
  }

  private validate(id: string, qty: number, price: number, tif: TimeInForce, postOnly: boolean): RejectReason | null {
    if (this.orders.has(id)) return 'duplicate-id';
    if (!isQty(qty)) return 'invalid-qty';
    if (!isQty(price)) return 'invalid-price';
    if (tif !== 'GTC' && (postOnly || (tif !== 'IOC' && tif !== 'FOK'))) return 'invalid-tif';
    return null;
  }

  private reject(orderId: string, owner: string, reason: RejectReason): void {
    this.onEvent?.({ type: 'rejected', orderId, owner, reason });
  }

  /** Runs a limit order; `triggered` ones were accepted earlier as stops, so they expire instead of being rejected. */
  private enterLimit(t: OrderNode, triggered: boolean): void {
    let refused: RejectReason | null = null;
    if (t.postOnly && crosses(t, t.isBuy ? this.asks : this.bids)) refused = 'post-only-would-cross';
    else if (t.tif === 'FOK' && !fokFillable(t, t.isBuy ? this.asks : this.bids)) refused = 'fok-unfillable';
    if (refused !== null) {
      if (triggered) this.expire(t, refused);
      else this.reject(t.id, t.owner, refused);
      return;
    }
    if (!triggered) {
      t.seq = ++this.seq;
      const listener = this.onEvent;
      if (listener !== undefined) {
        listener({
          type: 'accepted',
          orderId: t.id,
          owner: t.owner,
          side: t.isBuy ? 'buy' : 'sell',
          orderType: 'limit',
          price: t.price,
          qty: t.qty,
          budget: null,
          stopPrice: null,
          seq: t.seq,
        });
      }
    }
    this.match(t);
    this.finish(t, t.tif === 'GTC' ? null : 'ioc');
  }

  private match(t: OrderNode): void {
    const side = t.isBuy ? this.asks : this.bids;
    const levels = side.levels;
    const isBuy = t.isBuy;
    const limit = t.price;
    const listener = this.onEvent;
    while (t.qty > 0) {
      const level = levels[levels.length - 1];
      if (level === undefined) return;
      const price = level.price;
      if (isBuy ? price > limit : price < limit) return;
      let m = level.head;
      while (m !== null) {
        const next: OrderNode | null = m.next;
        if (m.owner === t.owner) {
          if (t.stp !== 'cancel-taker') {
            level.unlink(m);
            this.untrack(m.id);
            this.expire(m, 'self-trade');
          }
          if (t.stp !== 'cancel-maker') {
            this.stpHit = true;
            if (level.count === 0) side.dropLevel(level);
            return;
          }
          m = next;
          continue;
        }
        let q = m.qty < t.qty ? m.qty : t.qty;
        if (t.budget !== NO_BUDGET) {
          const afford = Math.floor(t.budget / price);
          if (afford < q) q = afford;
          if (q === 0) {
            this.budgetHit = true;
            return;
          }
          t.budget -= q * price;
        }
        m.qty -= q;
        m.filled += q;
        level.qty -= q;
        t.qty -= q;
        t.filled += q;
        this.last = price;
        const tradeId = ++this.tradeSeq;
        if (listener !== undefined) {
          listener({
            type: 'fill',
            tradeId,
            price,
            qty: q,
            takerSide: isBuy ? 'buy' : 'sell',
            makerOrderId: m.id,
            takerOrderId: t.id,
            makerOwner: m.owner,
            takerOwner: t.owner,
            makerRemaining: m.qty,
            takerRemaining: t.budget === NO_BUDGET ? t.qty : null,
          });
        }
        if (m.qty === 0) {
          level.unlink(m);
          this.untrack(m.id);
          if (listener !== undefined) {
            listener({
              type: 'done',
              orderId: m.id,
              owner: m.owner,
              status: 'filled',
              filledQty: m.filled,
              remainingQty: 0,
              budgetLeft: null,
            });
          }
        }
        if (this.stops.buys.length + this.stops.sells.length !== 0) this.stops.collect(price, this.pending);
        if (t.qty === 0) break;
        // A maker left with quantity means the budget bought less than it offered: the taker is done,
        // and must not go on to cancel the own orders behind it.
        if (m.qty > 0) {
          this.budgetHit = true;
          return;
        }
        m = next;
      }
      if (level.count === 0) side.dropLevel(level);
    }
  }

  /** Settles a taker after matching: rests its remainder (`remainder` null) or expires it. */
  private finish(t: OrderNode, remainder: CancelReason | null): void {
    const stp = this.stpHit;
    const budgetHit = this.budgetHit;
    this.stpHit = false;
    this.budgetHit = false;
    if (stp) return this.expire(t, 'self-trade');
    const budgetOnly = t.budget !== NO_BUDGET;
    if (t.qty === 0 || (budgetOnly && (budgetHit || t.budget === 0))) {
      if (t.stopPrice !== 0) this.untrack(t.id);
      this.onEvent?.({
        type: 'done',
        orderId: t.id,
        owner: t.owner,
        status: 'filled',
        filledQty: t.filled,
        remainingQty: budgetOnly ? null : 0,
        budgetLeft: budgetOnly ? t.budget : null,
      });
      return;
    }
    if (remainder !== null) return this.expire(t, remainder);
    (t.isBuy ? this.bids : this.asks).add(t);
    this.track(t);
  }

  /** Engine-side end of an order that is no longer in any structure. */
  private expire(n: OrderNode, reason: CancelReason): void {
    if (n.stopPrice !== 0) this.untrack(n.id);
    const listener = this.onEvent;
    if (listener === undefined) return;
    const budgetOnly = n.budget !== NO_BUDGET;
    const remainingQty = budgetOnly ? null : n.qty;
    listener({ type: 'cancelled', orderId: n.id, owner: n.owner, reason, remainingQty });
    listener({
      type: 'done',
      orderId: n.id,
      owner: n.owner,
      status: 'expired',
      filledQty: n.filled,
      remainingQty,
      budgetLeft: budgetOnly ? n.budget : null,
    });
  }

  /** Enters triggered stops one by one, oldest trigger first; each may trigger more (cascade). */
  private runPending(): void {
    const pending = this.pending;
    for (let i = 0; i < pending.length; i++) {
      const s = pending[i] as OrderNode;
      s.seq = ++this.seq;
      this.onEvent?.({
        type: 'triggered',
        orderId: s.id,
        owner: s.owner,
        stopPrice: s.stopPrice,
        lastPrice: this.last,
        seq: s.seq,
      });
      this.enterLimit(s, true);
    }
    pending.length = 0;
  }
}
