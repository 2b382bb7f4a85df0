import { randomUUID } from 'node:crypto';
import { CONVERT_QUOTE_TTL_MS } from '@exchange/contract';
import type { Dec } from '../../shared/decimal.js';

/** A firm quote: the desk converts exactly this at exactly this until it expires. */
export interface Quote {
  id: string;
  from: string;
  to: string;
  amount: Dec;
  out: Dec;
  /** Coins the desk trades to hedge it. */
  coins: Dec;
  expiresAt: number;
}

const MAX_QUOTES = 100_000;

/**
 * The live quotes of this process, by id. A quote is firm for CONVERT_QUOTE_TTL_MS; it is kept a
 * little longer so a late conversion is told it expired rather than that it never existed.
 */
export class QuoteBook {
  private readonly quotes = new Map<string, Quote>();

  constructor(private readonly now: () => number) {}

  issue(q: Omit<Quote, 'id' | 'expiresAt'>): Quote {
    const now = this.now();
    if (this.quotes.size >= MAX_QUOTES) this.prune(now);
    const quote: Quote = { ...q, id: randomUUID(), expiresAt: now + CONVERT_QUOTE_TTL_MS };
    this.quotes.set(quote.id, quote);
    return quote;
  }

  get(id: string): Quote | undefined {
    return this.quotes.get(id);
  }

  /** Spends a quote: one conversion per quote. */
  take(id: string): void {
    this.quotes.delete(id);
  }

  /** Puts back a quote whose conversion was refused, until it expires. */
  restore(q: Quote): void {
    this.quotes.set(q.id, q);
  }

  private prune(now: number): void {
    for (const [id, q] of this.quotes) if (q.expiresAt + CONVERT_QUOTE_TTL_MS < now) this.quotes.delete(id);
    // Still full of live quotes: the oldest go first (Map keeps insertion order).
    for (const id of this.quotes.keys()) {
      if (this.quotes.size < MAX_QUOTES) break;
      this.quotes.delete(id);
    }
  }
}
