import { vi } from 'vitest';
import type { KeyValueStorage } from '../src/shared/market/storage';

/** An in-memory Web Storage whose setItem can be made to fail. */
export class MemoryStorage implements KeyValueStorage {
  readonly items = new Map<string, string>();
  failNextSets = 0;
  failure: unknown = new DOMException('Storage is full', 'QuotaExceededError');
  readonly removed: string[] = [];

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (this.failNextSets > 0) {
      this.failNextSets -= 1;
      throw this.failure;
    }
    this.items.set(key, value);
  }

  removeItem(key: string): void {
    this.removed.push(key);
    this.items.delete(key);
  }
}

export function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

export function rawCoin(id: number, symbol: string, price = 10): Record<string, unknown> {
  return { id, coin_pair: id, symbol, name: `${symbol} coin`, price, price_change_24h: 1.5 };
}

/** A fetch that answers each call with the next queued reply (a Response or an error to reject with). */
export function queuedFetch(...replies: Array<Response | Error>) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected fetch');
    if (reply instanceof Error) throw reply;
    return reply;
  });
}

/** A fetch that never answers until its signal aborts, like a hung server. */
export function hangingFetch() {
  return vi.fn(
    (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );
}
