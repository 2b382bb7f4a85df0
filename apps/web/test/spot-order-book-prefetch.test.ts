import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchSpotData } from '../src/features/spot/data/prefetchSpotData';
import {
  PREFETCH_FRESH_MS,
  fetchBookPreferringPrefetch,
  prefetchBook,
} from '../src/shared/trading/order-book/prefetchedBook';
import { defaultRestBook, jsonResponse } from './spot-order-book-test-utils';

let fetchMock: ReturnType<typeof vi.fn<(input: RequestInfo | URL) => Promise<Response>>>;

const urls = () => fetchMock.mock.calls.map(([input]) => String(input));
const bookCalls = () => urls().filter((url) => url.startsWith('/api/v5/market/books'));
const signal = () => new AbortController().signal;

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn(async () => jsonResponse(defaultRestBook()));
  vi.stubGlobal('fetch', fetchMock);
  // Nothing left over from an earlier test may be handed out.
  void fetchBookPreferringPrefetch('', signal()).catch(() => undefined);
  fetchMock.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetched order book', () => {
  it('hands the prefetched snapshot to the feed once, without a second request', async () => {
    prefetchBook('BTC-USDT', 1000);
    expect(bookCalls()).toEqual(['/api/v5/market/books?instId=BTC-USDT&sz=20']);
    const book = await fetchBookPreferringPrefetch('BTC-USDT', signal(), 1500);
    expect(book.asks[0]).toEqual({ price: 100.1, amount: 1 });
    expect(bookCalls()).toHaveLength(1);
    await fetchBookPreferringPrefetch('BTC-USDT', signal(), 1600);
    expect(bookCalls()).toHaveLength(2);
  });

  it('asks anew for another pair or after the snapshot went stale', async () => {
    prefetchBook('BTC-USDT', 1000);
    await fetchBookPreferringPrefetch('ETH-USDT', signal(), 1100);
    expect(bookCalls()).toEqual(['/api/v5/market/books?instId=BTC-USDT&sz=20', '/api/v5/market/books?instId=ETH-USDT&sz=20']);
    prefetchBook('BTC-USDT', 2000);
    await fetchBookPreferringPrefetch('BTC-USDT', signal(), 2000 + PREFETCH_FRESH_MS + 1);
    expect(bookCalls()).toHaveLength(4);
  });

  it('asks anew when the prefetch failed', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({}, 503));
    prefetchBook('BTC-USDT', 1000);
    const book = await fetchBookPreferringPrefetch('BTC-USDT', signal(), 1100);
    expect(book.bids[0]).toEqual({ price: 99.9, amount: 1 });
    expect(bookCalls()).toHaveLength(2);
  });

  it('gives up on a prefetch that has not answered when the feed times out', async () => {
    fetchMock.mockReturnValueOnce(new Promise<Response>(() => undefined));
    prefetchBook('BTC-USDT', 1000);
    const controller = new AbortController();
    const book = fetchBookPreferringPrefetch('BTC-USDT', controller.signal, 1100);
    controller.abort(new Error('timed out'));
    await expect(book).rejects.toThrow('timed out');
  });
});

describe('prefetchSpotData', () => {
  it('asks for the coin list and the default pair’s book when the URL names no pair', async () => {
    prefetchSpotData('');
    await vi.waitFor(() => expect(urls().some((url) => url.startsWith('/api/v1/coins?'))).toBe(true));
    expect(bookCalls()).toEqual(['/api/v5/market/books?instId=BTC-USDT&sz=20']);
  });

  it('asks only for the coin list when the URL names another pair', async () => {
    prefetchSpotData('?coin_pair_id=2');
    await vi.waitFor(() => expect(urls().some((url) => url.startsWith('/api/v1/coins?'))).toBe(true));
    expect(bookCalls()).toEqual([]);
  });
});
