import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { COIN_CACHE_KEY, COIN_CACHE_TTL_MS, DEFAULT_API_KEY, marketMessages } from '@exchange/contract';
import { createMarketClient, MarketError } from '../src/shared/market/client';
import { hangingFetch, jsonResponse, MemoryStorage, queuedFetch, rawCoin } from './market-test-utils';

const T0 = Date.UTC(2025, 4, 1, 12, 0, 0);
const NETWORK_FAILURE = new TypeError('Failed to fetch');

function cacheEntry(timestamp: number, symbols: string[], version = '2.0'): string {
  return JSON.stringify({ version, timestamp, data: symbols.map((s, i) => rawCoin(i + 1, s)) });
}

function storedCache(storage: MemoryStorage): { version: string; timestamp: number; data: Array<{ symbol: string }> } {
  return JSON.parse(storage.getItem(COIN_CACHE_KEY) ?? 'null') as never;
}

let storage: MemoryStorage;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  storage = new MemoryStorage();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('fetchCoins from the network', () => {
  it('normalises, sorts and caches the list', async () => {
    const fetch = queuedFetch(jsonResponse([rawCoin(2, 'ETH'), rawCoin(7, 'BTC')]));
    const result = await createMarketClient({ fetch, storage }).fetchCoins();
    expect(result.success).toBe(true);
    expect(result.stale).toBeFalsy();
    expect(result.data.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
    expect(storedCache(storage)).toMatchObject({ version: '2.0', timestamp: T0 });
    expect(storedCache(storage).data.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
  });

  it('accepts an object whose data field is the list', async () => {
    const fetch = queuedFetch(jsonResponse({ data: [rawCoin(1, 'BTC')] }));
    const result = await createMarketClient({ fetch, storage }).fetchCoins();
    expect(result.data).toHaveLength(1);
  });

  it('sends the built-in apikey when none is stored', async () => {
    const fetch = queuedFetch(jsonResponse([rawCoin(1, 'BTC')]));
    await createMarketClient({ fetch, storage }).fetchCoins();
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/v1/coins?apikey=${DEFAULT_API_KEY}`);
  });

  it('sends the stored apikey, encoded, after the base URL', async () => {
    storage.setItem('apiKey', 'my key');
    const fetch = queuedFetch(jsonResponse([rawCoin(1, 'BTC')]));
    await createMarketClient({ fetch, storage, baseUrl: 'https://api.test' }).fetchCoins();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('https://api.test/api/v1/coins?apikey=my+key');
  });

  it.each([
    [{ coins: [] }, marketMessages.expectedArray],
    ['text', marketMessages.expectedArray],
    [[], marketMessages.emptyCoinList],
    [['junk', { symbol: 'NOID' }], marketMessages.emptyCoinList],
  ])('rejects the answer %j with its message', async (body, message) => {
    const result = await createMarketClient({ fetch: queuedFetch(jsonResponse(body)), storage }).fetchCoins();
    expect(result).toEqual({ success: false, data: [], error: message });
  });

  it('reports a failed fetch as a network error', async () => {
    const result = await createMarketClient({ fetch: queuedFetch(NETWORK_FAILURE), storage }).fetchCoins();
    expect(result).toEqual({ success: false, data: [], error: marketMessages.network });
  });

  it('reports a non-OK answer with status and text when nothing is cached', async () => {
    const fetch = queuedFetch(jsonResponse({ message: 'boom' }, 503, 'Service Unavailable'));
    const result = await createMarketClient({ fetch, storage }).fetchCoins();
    expect(result).toEqual({ success: false, data: [], error: 'API Error: 503 Service Unavailable' });
  });
});

describe('timeout', () => {
  it('aborts after 8 s with the timeout message', async () => {
    const fetch = hangingFetch();
    let settled = false;
    const pending = createMarketClient({ fetch, storage })
      .fetchCoins()
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(7999);
    expect(settled).toBe(false);
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ success: false, data: [], error: marketMessages.timeout });
    expect(fetch.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
  });
});

describe('request gap and de-duplication', () => {
  it('sends one request for two concurrent identical calls', async () => {
    const fetch = queuedFetch(jsonResponse([rawCoin(1, 'BTC'), rawCoin(2, 'ETH')]));
    const client = createMarketClient({ fetch, storage });
    const [a, b] = await Promise.all([client.fetchCoins(), client.fetchCoins()]);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(a.data.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
    expect(b.data).toEqual(a.data);
  });

  it('makes a second call to the same URL wait until 100 ms after the first', async () => {
    const schema = z.object({ ok: z.boolean() });
    const fetch = queuedFetch(jsonResponse({ ok: true }), jsonResponse({ ok: true }));
    const client = createMarketClient({ fetch, storage });
    await client.marketGet('/api/v1/status', schema);
    expect(fetch).toHaveBeenCalledTimes(1);
    const second = client.marketGet('/api/v1/status', schema);
    await vi.advanceTimersByTimeAsync(99);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(second).resolves.toEqual({ ok: true });
  });

  it('does not hold back a call once the gap has passed, nor calls to other URLs', async () => {
    const schema = z.unknown();
    const fetch = queuedFetch(jsonResponse(1), jsonResponse(2), jsonResponse(3));
    const client = createMarketClient({ fetch, storage });
    await client.marketGet('/api/v1/a', schema);
    await client.marketGet('/api/v1/b', schema);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    const third = client.marketGet('/api/v1/a', schema);
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(3);
    await expect(third).resolves.toBe(3);
  });
});

describe('the coin list written into the page (the server’s seed)', () => {
  it('is a fresh answer: peeked at once, fetched without a request, and cached for the next page', async () => {
    const fetch = queuedFetch();
    const client = createMarketClient({ fetch, storage, seed: [rawCoin(2, 'ETH'), rawCoin(1, 'BTC')] });
    expect(client.peekCoins()?.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
    const result = await client.fetchCoins();
    expect(fetch).not.toHaveBeenCalled();
    expect(result.data.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
    expect(storedCache(storage).timestamp).toBe(T0);
  });

  it('goes stale after 5 minutes like any answer', async () => {
    const client = createMarketClient({ fetch: queuedFetch(jsonResponse([rawCoin(1, 'SOL')])), storage, seed: [rawCoin(1, 'BTC')] });
    vi.setSystemTime(T0 + COIN_CACHE_TTL_MS);
    expect(client.peekCoins()).toBeNull();
    expect((await client.fetchCoins()).data.map((c) => c.symbol)).toEqual(['SOL']);
  });

  it('is ignored when it does not check out, and the list is asked for as usual', async () => {
    const fetch = queuedFetch(jsonResponse([rawCoin(1, 'BTC')]));
    const client = createMarketClient({ fetch, storage, seed: { not: 'a list' } });
    expect(client.peekCoins()).toBeNull();
    expect((await client.fetchCoins()).data.map((c) => c.symbol)).toEqual(['BTC']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('coin cache', () => {
  it('serves a cache younger than 5 minutes without a request', async () => {
    storage.setItem(COIN_CACHE_KEY, cacheEntry(T0 - COIN_CACHE_TTL_MS + 1, ['ETH', 'BTC']));
    const fetch = queuedFetch();
    const result = await createMarketClient({ fetch, storage }).fetchCoins();
    expect(fetch).not.toHaveBeenCalled();
    expect(result.success).toBe(true);
    expect(result.stale).toBeFalsy();
    expect(result.data.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
  });

  it('refetches once the cache is 5 minutes old and stores the new list', async () => {
    storage.setItem(COIN_CACHE_KEY, cacheEntry(T0 - COIN_CACHE_TTL_MS, ['OLD']));
    const fetch = queuedFetch(jsonResponse([rawCoin(1, 'BTC')]));
    const result = await createMarketClient({ fetch, storage }).fetchCoins();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(result.data.map((c) => c.symbol)).toEqual(['BTC']);
    expect(storedCache(storage).timestamp).toBe(T0);
  });

  it('refetches despite a fresh cache when forced', async () => {
    storage.setItem(COIN_CACHE_KEY, cacheEntry(T0 - 1000, ['OLD']));
    const fetch = queuedFetch(jsonResponse([rawCoin(1, 'BTC')]));
    const result = await createMarketClient({ fetch, storage }).fetchCoins({ force: true });
    expect(result.data.map((c) => c.symbol)).toEqual(['BTC']);
  });

  it('clears a cache of another version and does not use it even as a fallback', async () => {
    storage.setItem(COIN_CACHE_KEY, cacheEntry(T0 - 1000, ['OLD'], '1.0'));
    const result = await createMarketClient({ fetch: queuedFetch(NETWORK_FAILURE), storage }).fetchCoins();
    expect(storage.removed).toContain(COIN_CACHE_KEY);
    expect(storage.getItem(COIN_CACHE_KEY)).toBeNull();
    expect(result).toEqual({ success: false, data: [], error: marketMessages.network });
  });

  it('clears an unreadable cache', async () => {
    storage.setItem(COIN_CACHE_KEY, '{not json');
    const fetch = queuedFetch(jsonResponse([rawCoin(1, 'BTC')]));
    const result = await createMarketClient({ fetch, storage }).fetchCoins();
    expect(storage.removed).toContain(COIN_CACHE_KEY);
    expect(result.data).toHaveLength(1);
  });

  it('falls back to an expired cache when the network fails', async () => {
    storage.setItem(COIN_CACHE_KEY, cacheEntry(T0 - 60 * 60 * 1000, ['ETH', 'BTC']));
    const result = await createMarketClient({ fetch: queuedFetch(NETWORK_FAILURE), storage }).fetchCoins();
    expect(result).toMatchObject({ success: true, stale: true, error: marketMessages.network });
    expect(result.data.map((c) => c.symbol)).toEqual(['BTC', 'ETH']);
  });

  it('falls back to an expired cache on a non-OK answer', async () => {
    storage.setItem(COIN_CACHE_KEY, cacheEntry(T0 - COIN_CACHE_TTL_MS - 1, ['BTC']));
    const fetch = queuedFetch(jsonResponse({}, 500, 'Internal Server Error'));
    const result = await createMarketClient({ fetch, storage }).fetchCoins();
    expect(result).toMatchObject({ success: true, stale: true, error: 'API Error: 500 Internal Server Error' });
    expect(result.data.map((c) => c.symbol)).toEqual(['BTC']);
  });

  it('clears the cache and retries once when storage is full', async () => {
    storage.setItem(COIN_CACHE_KEY, cacheEntry(T0 - COIN_CACHE_TTL_MS * 2, ['OLD']));
    storage.failNextSets = 1;
    const fetch = queuedFetch(jsonResponse([rawCoin(1, 'BTC')]));
    const result = await createMarketClient({ fetch, storage }).fetchCoins();
    expect(result.success).toBe(true);
    expect(storage.removed).toEqual([COIN_CACHE_KEY]);
    expect(storedCache(storage).data.map((c) => c.symbol)).toEqual(['BTC']);
  });

  it('still answers when storage stays full, and does not clear on other storage errors', async () => {
    storage.failNextSets = 2;
    const full = await createMarketClient({ fetch: queuedFetch(jsonResponse([rawCoin(1, 'BTC')])), storage }).fetchCoins();
    expect(full.success).toBe(true);
    expect(storage.removed).toEqual([COIN_CACHE_KEY]);
    expect(storage.getItem(COIN_CACHE_KEY)).toBeNull();

    const other = new MemoryStorage();
    other.failure = new Error('denied');
    other.failNextSets = 1;
    const denied = await createMarketClient({ fetch: queuedFetch(jsonResponse([rawCoin(1, 'BTC')])), storage: other }).fetchCoins();
    expect(denied.success).toBe(true);
    expect(other.removed).toEqual([]);
  });

  it('works without any storage', async () => {
    const result = await createMarketClient({ fetch: queuedFetch(jsonResponse([rawCoin(1, 'BTC')])), storage: null }).fetchCoins();
    expect(result.success).toBe(true);
  });
});

describe('marketGet', () => {
  const wallet = z.object({ balance: z.number() });

  it('parses the answer with the schema and passes query parameters', async () => {
    const fetch = queuedFetch(jsonResponse({ balance: 3 }));
    const client = createMarketClient({ fetch, storage });
    await expect(client.marketGet('/api/v1/user-wallet/1/2', wallet, { uid: 7 })).resolves.toEqual({ balance: 3 });
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/v1/user-wallet/1/2?uid=7&apikey=${DEFAULT_API_KEY}`);
  });

  it('rejects a drifted answer', async () => {
    const client = createMarketClient({ fetch: queuedFetch(jsonResponse({ balance: 'x' })), storage });
    await expect(client.marketGet('/w', wallet)).rejects.toMatchObject({
      kind: 'invalid',
      message: marketMessages.invalidResponse,
    });
  });

  it('rejects with the API Error text and status on a non-OK answer', async () => {
    const client = createMarketClient({ fetch: queuedFetch(jsonResponse({}, 404, 'Not Found')), storage });
    const error = await client.marketGet('/w', wallet).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketError);
    expect(error).toMatchObject({ kind: 'http', status: 404, message: 'API Error: 404 Not Found' });
  });

  it('rejects a body that is not JSON', async () => {
    const fetch = queuedFetch(new Response('<html>', { status: 200 }));
    const client = createMarketClient({ fetch, storage });
    await expect(client.marketGet('/w', wallet)).rejects.toMatchObject({ message: marketMessages.invalidResponse });
  });

  it('lets a new request through after a failed one', async () => {
    const fetch = queuedFetch(NETWORK_FAILURE, jsonResponse({ balance: 1 }));
    const client = createMarketClient({ fetch, storage });
    await expect(client.marketGet('/w', wallet)).rejects.toMatchObject({ kind: 'network' });
    const retry = client.marketGet('/w', wallet);
    await vi.advanceTimersByTimeAsync(100);
    await expect(retry).resolves.toEqual({ balance: 1 });
  });
});
