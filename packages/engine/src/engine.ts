import { OrderBook } from './order-book.js';
import type { BookSnapshot, EngineEvent, OrderBookOptions, StpMode } from './types.js';

export type EngineListener = (symbol: string, event: EngineEvent) => void;

/** Several books keyed by market symbol, sharing one listener that is told the symbol. */
export class Engine {
  private readonly books = new Map<string, OrderBook>();

  constructor(private readonly onEvent?: EngineListener) {}

  addMarket(symbol: string, options: { stp?: StpMode } = {}): OrderBook {
    if (this.books.has(symbol)) throw new Error(`market already exists: ${symbol}`);
    const book = new OrderBook({ ...options, onEvent: this.listenerFor(symbol) } satisfies OrderBookOptions);
    this.books.set(symbol, book);
    return book;
  }

  book(symbol: string): OrderBook {
    const book = this.books.get(symbol);
    if (book === undefined) throw new Error(`unknown market: ${symbol}`);
    return book;
  }

  has(symbol: string): boolean {
    return this.books.has(symbol);
  }

  symbols(): string[] {
    return [...this.books.keys()];
  }

  snapshot(): Record<string, BookSnapshot> {
    const out: Record<string, BookSnapshot> = {};
    for (const [symbol, book] of this.books) out[symbol] = book.snapshot();
    return out;
  }

  static restore(snapshots: Record<string, BookSnapshot>, onEvent?: EngineListener): Engine {
    const engine = new Engine(onEvent);
    for (const [symbol, snap] of Object.entries(snapshots)) {
      engine.books.set(symbol, OrderBook.restore(snap, engine.listenerFor(symbol)));
    }
    return engine;
  }

  private listenerFor(symbol: string): ((event: EngineEvent) => void) | undefined {
    const listener = this.onEvent;
    return listener === undefined ? undefined : (event) => listener(symbol, event);
  }
}
