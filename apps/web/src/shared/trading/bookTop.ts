import { useSyncExternalStore } from 'react';
import type { Book } from './order-book/types';

/** The best bid and ask of the live order book; a side with no orders is null. */
export interface BookTop {
  bid: number | null;
  ask: number | null;
}

export function topOfBook(book: Book | null): BookTop | null {
  if (!book) return null;
  return { bid: book.bids[0]?.price ?? null, ask: book.asks[0]?.price ?? null };
}

/**
 * The book's top, shared by the order book (which writes it) and the trade form (which reads it
 * once per coin and side). A store instead of page state, so a book tick re-renders only a form
 * that is still waiting for its first price, not the whole page.
 */
export interface BookTopStore {
  set(symbol: string, top: BookTop | null): void;
  /** The top of `symbol`'s book, or null while another coin's book (or none) is held. */
  get(symbol: string): BookTop | null;
  subscribe(listener: () => void): () => void;
}

export function createBookTopStore(): BookTopStore {
  let held: { symbol: string; top: BookTop | null } = { symbol: '', top: null };
  const listeners = new Set<() => void>();
  return {
    set(symbol, top) {
      const same =
        held.symbol === symbol && (held.top === top || (held.top !== null && top !== null && held.top.bid === top.bid && held.top.ask === top.ask));
      if (same) return;
      held = { symbol, top };
      for (const listener of listeners) listener();
    },
    get: (symbol) => (held.symbol === symbol ? held.top : null),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const noSubscription = () => () => undefined;

/** The top of `symbol`'s book while `listening`, else null, so a form that has its price stops re-rendering on ticks. */
export function useBookTop(store: BookTopStore | undefined, symbol: string, listening: boolean): BookTop | null {
  return useSyncExternalStore(store?.subscribe ?? noSubscription, () => (listening && store ? store.get(symbol) : null));
}

/** Whether `symbol`'s book has arrived; a boolean, so book ticks do not re-render the caller. */
export function useBookShown(store: BookTopStore, symbol: string | undefined): boolean {
  return useSyncExternalStore(store.subscribe, () => symbol !== undefined && store.get(symbol) !== null);
}
