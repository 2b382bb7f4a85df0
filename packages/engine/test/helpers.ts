import { OrderBook, type EngineEvent, type OrderBookOptions } from '../src/index.js';

export interface Harness {
  book: OrderBook;
  events: EngineEvent[];
  /** Events since the last call to take(). */
  take: () => EngineEvent[];
}

export function harness(options: Omit<OrderBookOptions, 'onEvent'> = {}): Harness {
  const events: EngineEvent[] = [];
  const book = new OrderBook({ ...options, onEvent: (e) => events.push(e) });
  let seen = 0;
  return {
    book,
    events,
    take: () => {
      const out = events.slice(seen);
      seen = events.length;
      return out;
    },
  };
}

export const ofType = <T extends EngineEvent['type']>(events: EngineEvent[], type: T) =>
  events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);

export const fills = (events: EngineEvent[]) =>
  ofType(events, 'fill').map((f) => ({ maker: f.makerOrderId, taker: f.takerOrderId, price: f.price, qty: f.qty }));
