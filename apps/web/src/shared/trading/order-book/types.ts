/** One price level; asks are kept lowest price first, bids highest price first. */
export interface BookLevel {
  price: number;
  amount: number;
}

export interface Book {
  asks: BookLevel[];
  bids: BookLevel[];
}

export type BookSide = 'ask' | 'bid';

/** A public trade; `side` is the taker's side. */
export interface Trade {
  id: string;
  price: number;
  amount: number;
  side: 'buy' | 'sell';
  ts: number;
}
