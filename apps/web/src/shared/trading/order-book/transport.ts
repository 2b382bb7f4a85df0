import type { SocketLike } from '../../market/publicSocket';
import { parseRestBook } from './parse';
import type { Book } from './types';

/** Levels asked of REST: more than the 8 shown, so grouping by fewer decimals still fills 8 rows. */
export const REST_BOOK_SIZE = 20;

export function restBookUrl(instId: string): string {
  return `/api/v5/market/books?instId=${encodeURIComponent(instId)}&sz=${REST_BOOK_SIZE}`;
}

/** One REST snapshot of the book; rejects on network, HTTP or exchange errors. */
export async function fetchRestBook(instId: string, signal: AbortSignal): Promise<Book> {
  const response = await fetch(restBookUrl(instId), { signal, headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Order book request failed: HTTP ${response.status}`);
  return parseRestBook(await response.json());
}

export function publicSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws/public`;
}

export function createBrowserSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}
