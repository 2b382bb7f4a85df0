import { OrderBook as PeerBook, Side as PeerSide, type LimitOrderOptions, type MarketOrderOptions } from 'nodejs-order-book';
import { OrderBook, type LimitOrderInput, type MarketOrderInput } from '../packages/engine/src/index.js';
import { ADD, CANCEL, IOC, type Stream } from './engine-stream.js';

/** One engine driven by the benchmark stream; commands are pre-built so only the engine is timed. */
export interface Adapter {
  readonly name: string;
  /** A fresh book with the stream's seed phase applied. */
  reset(): void;
  run(from: number, to: number): void;
  /** Like run, writing each command's latency in ns to out[i - from]. */
  time(from: number, to: number, out: Float64Array): void;
  /** Base lots executed by takers since reset. */
  executed(): number;
  /** Fill events since reset, or null when the engine does not report single fills. */
  fills(): number | null;
  /** Every price level of the book, best first: "bids|asks" of price:qty. */
  levels(): string;
}

type Ours = LimitOrderInput | MarketOrderInput | string;

export class OurAdapter implements Adapter {
  readonly name = '@exchange/engine';
  private book = new OrderBook();
  private readonly cmds: Ours[];
  private fillCount = 0;
  private lots = 0;

  constructor(private readonly s: Stream) {
    // Plain literals, not spreads: V8 gives spread-built objects a slow shape, which would
    // measure the harness instead of the engine.
    this.cmds = Array.from(s.kinds, (k, i): Ours => {
      const id = s.ids[i] as string;
      const owner = s.owners[i] as string;
      const side = s.sides[i] as 'buy' | 'sell';
      const qty = s.qtys[i] as number;
      const price = s.prices[i] as number;
      if (k === CANCEL) return id;
      if (k === ADD) return { id, owner, side, price, qty };
      if (k === IOC) return { id, owner, side, price, qty, tif: 'IOC' };
      return { id, owner, side, qty };
    });
  }

  reset(): void {
    this.book = new OrderBook({
      onEvent: (e) => {
        if (e.type === 'fill') {
          this.fillCount++;
          this.lots += e.qty;
        }
      },
    });
    this.run(0, this.s.seedOps);
    this.fillCount = 0;
    this.lots = 0;
  }

  run(from: number, to: number): void {
    const { kinds } = this.s;
    const cmds = this.cmds;
    const book = this.book;
    for (let i = from; i < to; i++) {
      const k = kinds[i];
      if (k === CANCEL) book.cancel(cmds[i] as string);
      else if (k === ADD || k === IOC) book.limit(cmds[i] as LimitOrderInput);
      else book.market(cmds[i] as MarketOrderInput);
    }
  }

  time(from: number, to: number, out: Float64Array): void {
    const { kinds } = this.s;
    const cmds = this.cmds;
    const book = this.book;
    for (let i = from; i < to; i++) {
      const k = kinds[i];
      const t0 = process.hrtime.bigint();
      if (k === CANCEL) book.cancel(cmds[i] as string);
      else if (k === ADD || k === IOC) book.limit(cmds[i] as LimitOrderInput);
      else book.market(cmds[i] as MarketOrderInput);
      out[i - from] = Number(process.hrtime.bigint() - t0);
    }
  }

  executed(): number {
    return this.lots;
  }

  fills(): number | null {
    return this.fillCount;
  }

  levels(): string {
    const d = this.book.depth(Number.MAX_SAFE_INTEGER);
    const f = (ls: { price: number; qty: number }[]) => ls.map((l) => `${l.price}:${l.qty}`).join(',');
    return `${f(d.bids)}|${f(d.asks)}`;
  }
}

type Peer = LimitOrderOptions | MarketOrderOptions | string;

export class PeerAdapter implements Adapter {
  readonly name = 'nodejs-order-book 10.1.1';
  private book = new PeerBook();
  private readonly cmds: Peer[];
  private lots = 0;

  constructor(private readonly s: Stream) {
    this.cmds = Array.from(s.kinds, (k, i): Peer => {
      const side = s.sides[i] === 'buy' ? PeerSide.BUY : PeerSide.SELL;
      const size = s.qtys[i] as number;
      if (k === CANCEL) return s.ids[i] as string;
      if (k === ADD) return { id: s.ids[i] as string, side, size, price: s.prices[i] as number };
      if (k === IOC) {
        return { id: s.ids[i] as string, side, size, price: s.prices[i] as number, timeInForce: 'IOC' as LimitOrderOptions['timeInForce'] };
      }
      return { side, size };
    });
  }

  reset(): void {
    this.book = new PeerBook();
    this.run(0, this.s.seedOps);
    this.lots = 0;
  }

  run(from: number, to: number): void {
    const { kinds } = this.s;
    const cmds = this.cmds;
    const book = this.book;
    for (let i = from; i < to; i++) {
      const k = kinds[i];
      if (k === CANCEL) book.cancel(cmds[i] as string);
      else if (k === ADD) book.limit(cmds[i] as LimitOrderOptions);
      else {
        const c = cmds[i] as MarketOrderOptions;
        const r = k === IOC ? book.limit(c as LimitOrderOptions) : book.market(c);
        this.lots += c.size - r.quantityLeft;
      }
    }
  }

  time(from: number, to: number, out: Float64Array): void {
    const { kinds } = this.s;
    const cmds = this.cmds;
    const book = this.book;
    for (let i = from; i < to; i++) {
      const k = kinds[i];
      const t0 = process.hrtime.bigint();
      if (k === CANCEL) book.cancel(cmds[i] as string);
      else if (k === ADD) book.limit(cmds[i] as LimitOrderOptions);
      else if (k === IOC) book.limit(cmds[i] as LimitOrderOptions);
      else book.market(cmds[i] as MarketOrderOptions);
      out[i - from] = Number(process.hrtime.bigint() - t0);
    }
  }

  executed(): number {
    return this.lots;
  }

  fills(): number | null {
    return null;
  }

  levels(): string {
    const [asks, bids] = this.book.depth();
    const f = (ls: [number, number][]) => ls.map(([p, q]) => `${p}:${q}`).join(',');
    return `${f(bids)}|${f(asks)}`;
  }
}
