import { REST_POLL_MS } from './connection';
import { fetchRestBook } from './transport';
import type { Book } from './types';

/** A prefetched snapshot is handed out for as long as the feed would keep a polled one. */
export const PREFETCH_FRESH_MS = REST_POLL_MS;

interface Prefetch {
  instId: string;
  startedAt: number;
  book: Promise<Book>;
}

let pending: Prefetch | null = null;

/**
 * Asks for the REST snapshot of `instId` before the order book widget exists, so the request runs
 * while the page is still rendering; the widget's first poll takes it (fetchBookPreferringPrefetch).
 */
export function prefetchBook(instId: string, now: number = Date.now()): void {
  const book = fetchRestBook(instId, new AbortController().signal);
  // A failed prefetch is asked again by the widget; it must not surface as an unhandled rejection.
  book.catch(() => undefined);
  pending = { instId, startedAt: now, book };
}

function takePrefetchedBook(instId: string, now: number): Promise<Book> | null {
  const taken = pending;
  pending = null;
  if (!taken || taken.instId !== instId || now - taken.startedAt > PREFETCH_FRESH_MS) return null;
  return taken.book;
}

/** Settles with `promise` unless `signal` aborts first (the feed's REST timeout). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

/**
 * The book feed's REST call: the prefetched snapshot of `instId` when a fresh one is waiting (once),
 * else, or when it failed, a request of its own.
 */
export function fetchBookPreferringPrefetch(instId: string, signal: AbortSignal, now: number = Date.now()): Promise<Book> {
  const prefetched = takePrefetchedBook(instId, now);
  if (!prefetched) return fetchRestBook(instId, signal);
  return untilAborted(
    prefetched.catch(() => fetchRestBook(instId, signal)),
    signal,
  );
}
