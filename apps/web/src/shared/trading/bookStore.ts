import { useSyncExternalStore } from 'react';
import type { Book } from './order-book/types';

/**
 * The live book the page's order book holds, for the chart's depth view: one feed for both, and a
 * store instead of page state, so a book tick re-renders the depth view alone.
 */
export interface BookStore {
  set(symbol: string, book: Book | null): void;
  get(symbol: string): Book | null;
  subscribe(listener: () => void): () => void;
}

export function createBookStore(): BookStore {
  let held: { symbol: string; book: Book | null } = { symbol: '', book: null };
  const listeners = new Set<() => void>();
  return {
    set(symbol, book) {
      if (held.symbol === symbol && held.book === book) return;
      held = { symbol, book };
      for (const listener of listeners) listener();
    },
    get: (symbol) => (held.symbol === symbol ? held.book : null),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** `symbol`'s live book from the store, null until it has arrived. */
export function useStoredBook(store: BookStore, symbol: string): Book | null {
  return useSyncExternalStore(store.subscribe, () => store.get(symbol));
}
