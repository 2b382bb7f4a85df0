import type {
  BookSnapshot,
  CancelReason,
  Command,
  EngineEvent,
  OrderSnapshot,
  RejectReason,
  Side,
  StpMode,
  TimeInForce,
} from '../src/index.js';

/** An order in the reference; `qty` is Infinity for a budget-only market buy. */
interface RefOrder {
  id: string;
  owner: string;
  side: Side;
  price: number;
  market: boolean;
  qty: number;
  origQty: number;
  filled: number;
  seq: number;
  tif: TimeInForce;
  postOnly: boolean;
  stp: StpMode;
  stopPrice: number | null;
  budget: number | null;
}

const valid = (n: number | undefined): n is number => Number.isSafeInteger(n) && (n as number) > 0;

/**
 * Deliberately naive order book with the engine's documented semantics: plain arrays, re-sorted
 * on every step. Slow and obvious, so the fast engine can be checked against it.
 */
export class ReferenceBook {
  readonly events: EngineEvent[] = [];
  private resting: RefOrder[] = [];
  private stops: RefOrder[] = [];
  private pending: RefOrder[] = [];
  private last: number | null = null;
  private seq = 0;
  private tradeSeq = 0;

  constructor(private readonly defaultStp: StpMode = 'cancel-maker') {}

  submit(cmd: Command): void {
    if (cmd.type === 'cancel') return this.cancel(cmd.id);
    const live = this.resting.some((o) => o.id === cmd.id) || this.stops.some((o) => o.id === cmd.id);
    const tif = cmd.type === 'market' ? 'IOC' : (cmd.tif ?? 'GTC');
    const postOnly = cmd.type === 'market' ? false : (cmd.postOnly ?? false);
    let bad: RejectReason | null = null;
    if (live) bad = 'duplicate-id';
    else if (cmd.type === 'market') {
      if (cmd.budget !== undefined) {
        if (cmd.qty !== undefined) bad = 'invalid-qty';
        else if (!valid(cmd.budget) || cmd.side !== 'buy') bad = 'invalid-budget';
      } else if (!valid(cmd.qty)) bad = 'invalid-qty';
    } else if (!valid(cmd.qty)) bad = 'invalid-qty';
    else if (!valid(cmd.price)) bad = 'invalid-price';
    else if (tif !== 'GTC' && postOnly) bad = 'invalid-tif';
    else if (cmd.type === 'stop-limit' && !valid(cmd.stopPrice)) bad = 'invalid-stop-price';
    if (bad !== null) {
      this.events.push({ type: 'rejected', orderId: cmd.id, owner: cmd.owner, reason: bad });
      return;
    }
    const budget = cmd.type === 'market' ? (cmd.budget ?? null) : null;
    const qty = budget !== null ? Infinity : (cmd.qty as number);
    const order: RefOrder = {
      id: cmd.id,
      owner: cmd.owner,
      side: cmd.side,
      price: cmd.type === 'market' ? 0 : cmd.price,
      market: cmd.type === 'market',
      qty,
      origQty: qty,
      filled: 0,
      seq: 0,
      tif,
      postOnly,
      stp: cmd.stp ?? this.defaultStp,
      stopPrice: cmd.type === 'stop-limit' ? cmd.stopPrice : null,
      budget,
    };
    if (cmd.type === 'stop-limit') {
      order.seq = ++this.seq;
      this.accepted(order, 'stop-limit');
      const last = this.last;
      if (last !== null && (order.side === 'buy' ? last >= cmd.stopPrice : last <= cmd.stopPrice)) {
        this.pending.push(order);
      } else {
        this.stops.push(order);
      }
    } else {
      this.enter(order, false);
    }
    while (this.pending.length > 0) {
      const s = this.pending.shift() as RefOrder;
      s.seq = ++this.seq;
      this.events.push({
        type: 'triggered',
        orderId: s.id,
        owner: s.owner,
        stopPrice: s.stopPrice as number,
        lastPrice: this.last as number,
        seq: s.seq,
      });
      this.enter(s, true);
    }
  }

  snapshot(): BookSnapshot {
    return {
      version: 1,
      stp: this.defaultStp,
      lastPrice: this.last,
      seq: this.seq,
      tradeSeq: this.tradeSeq,
      bids: this.book('buy').map(toSnapshot),
      asks: this.book('sell').map(toSnapshot),
      stops: [...this.stops].sort((a, b) => a.seq - b.seq).map(toSnapshot),
    };
  }

  private cancel(id: string): void {
    const o = this.resting.find((r) => r.id === id) ?? this.stops.find((r) => r.id === id);
    if (o === undefined) {
      this.events.push({ type: 'rejected', orderId: id, owner: null, reason: 'unknown-order' });
      return;
    }
    this.resting = this.resting.filter((r) => r !== o);
    this.stops = this.stops.filter((r) => r !== o);
    this.events.push({ type: 'cancelled', orderId: id, owner: o.owner, reason: 'user', remainingQty: o.qty });
    this.events.push({
      type: 'done',
      orderId: id,
      owner: o.owner,
      status: 'cancelled',
      filledQty: o.filled,
      remainingQty: o.qty,
      budgetLeft: null,
    });
  }

  /** Orders of one side in priority order. */
  private book(side: Side): RefOrder[] {
    return this.resting
      .filter((o) => o.side === side)
      .sort((a, b) => (side === 'buy' ? b.price - a.price : a.price - b.price) || a.seq - b.seq);
  }

  private crosses(t: RefOrder, makerPrice: number): boolean {
    if (t.market) return true;
    return t.side === 'buy' ? makerPrice <= t.price : makerPrice >= t.price;
  }

  private enter(t: RefOrder, triggered: boolean): void {
    const opposite = this.book(t.side === 'buy' ? 'sell' : 'buy');
    let refused: RejectReason | null = null;
    const best = opposite[0];
    if (t.postOnly && best !== undefined && this.crosses(t, best.price)) refused = 'post-only-would-cross';
    else if (t.tif === 'FOK' && !t.market) {
      let sum = 0;
      for (const m of opposite) {
        if (!this.crosses(t, m.price) || sum >= t.qty) break;
        if (m.owner === t.owner) {
          if (t.stp === 'cancel-maker') continue;
          break;
        }
        sum += m.qty;
      }
      if (sum < t.qty) refused = 'fok-unfillable';
    }
    if (refused !== null) {
      if (triggered) this.expire(t, refused as CancelReason);
      else this.events.push({ type: 'rejected', orderId: t.id, owner: t.owner, reason: refused });
      return;
    }
    if (!triggered) {
      t.seq = ++this.seq;
      this.accepted(t, t.market ? 'market' : 'limit');
    }

    let stpHit = false;
    let budgetHit = false;
    while (t.qty > 0) {
      const m = this.book(t.side === 'buy' ? 'sell' : 'buy')[0];
      if (m === undefined || !this.crosses(t, m.price)) break;
      if (m.owner === t.owner) {
        if (t.stp !== 'cancel-taker') {
          this.resting = this.resting.filter((r) => r !== m);
          this.expire(m, 'self-trade');
        }
        if (t.stp !== 'cancel-maker') {
          stpHit = true;
          break;
        }
        continue;
      }
      let q = Math.min(m.qty, t.qty);
      if (t.budget !== null) {
        q = Math.min(q, Math.floor(t.budget / m.price));
        if (q === 0) {
          budgetHit = true;
          break;
        }
        t.budget -= q * m.price;
      }
      m.qty -= q;
      m.filled += q;
      t.qty -= q;
      t.filled += q;
      this.last = m.price;
      this.events.push({
        type: 'fill',
        tradeId: ++this.tradeSeq,
        price: m.price,
        qty: q,
        takerSide: t.side,
        makerOrderId: m.id,
        takerOrderId: t.id,
        makerOwner: m.owner,
        takerOwner: t.owner,
        makerRemaining: m.qty,
        takerRemaining: t.budget === null ? t.qty : null,
      });
      if (m.qty === 0) {
        this.resting = this.resting.filter((r) => r !== m);
        this.done(m, 'filled');
      }
      this.trigger(m.price);
    }

    if (stpHit) return this.expire(t, 'self-trade');
    if (t.qty === 0 || (t.budget !== null && (budgetHit || t.budget === 0))) return this.done(t, 'filled');
    if (t.market) return this.expire(t, 'market');
    if (t.tif !== 'GTC') return this.expire(t, 'ioc');
    this.resting.push(t);
  }

  private trigger(price: number): void {
    const buys = this.stops
      .filter((s) => s.side === 'buy' && (s.stopPrice as number) <= price)
      .sort((a, b) => (a.stopPrice as number) - (b.stopPrice as number) || a.seq - b.seq);
    const sells = this.stops
      .filter((s) => s.side === 'sell' && (s.stopPrice as number) >= price)
      .sort((a, b) => (b.stopPrice as number) - (a.stopPrice as number) || a.seq - b.seq);
    const fired = [...buys, ...sells];
    this.stops = this.stops.filter((s) => !fired.includes(s));
    this.pending.push(...fired);
  }

  private accepted(o: RefOrder, orderType: 'limit' | 'market' | 'stop-limit'): void {
    this.events.push({
      type: 'accepted',
      orderId: o.id,
      owner: o.owner,
      side: o.side,
      orderType,
      price: o.market ? null : o.price,
      qty: o.budget !== null ? null : o.qty,
      budget: o.budget,
      stopPrice: o.stopPrice,
      seq: o.seq,
    });
  }

  private expire(o: RefOrder, reason: CancelReason): void {
    const remainingQty = o.budget !== null ? null : o.qty;
    this.events.push({ type: 'cancelled', orderId: o.id, owner: o.owner, reason, remainingQty });
    this.done(o, 'expired');
  }

  private done(o: RefOrder, status: 'filled' | 'expired'): void {
    this.events.push({
      type: 'done',
      orderId: o.id,
      owner: o.owner,
      status,
      filledQty: o.filled,
      remainingQty: o.budget !== null ? null : o.qty,
      budgetLeft: o.budget,
    });
  }
}

function toSnapshot(o: RefOrder): OrderSnapshot {
  return {
    id: o.id,
    owner: o.owner,
    side: o.side,
    price: o.price,
    qty: o.qty,
    origQty: o.origQty,
    filled: o.filled,
    seq: o.seq,
    tif: o.tif,
    postOnly: o.postOnly,
    stp: o.stp,
    stopPrice: o.stopPrice,
  };
}
