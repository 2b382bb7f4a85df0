import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { coinSchema, marketMessages } from '@exchange/contract';
import { normaliseCoin, type Coin } from '../src/shared/market/coin';
import type { CoinsResult, FetchCoinsOptions } from '../src/shared/market/client';
import { useCoins } from '../src/shared/market/useCoins';

const btc: Coin = normaliseCoin(coinSchema.parse({ id: 1, symbol: 'BTC', price: 65000 }), 0);
const eth: Coin = normaliseCoin(coinSchema.parse({ id: 2, symbol: 'ETH', price: 2500 }), 0);

function fakeClient(...results: CoinsResult[]) {
  const fetchCoins = vi.fn(async (_options?: FetchCoinsOptions): Promise<CoinsResult> => {
    const next = results.length > 1 ? results.shift() : results[0];
    if (!next) throw new Error('no result queued');
    return next;
  });
  return { fetchCoins };
}

describe('useCoins', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes from loading to the list', async () => {
    const client = fakeClient({ success: true, data: [btc, eth] });
    const { result } = renderHook(() => useCoins({ client }));
    expect(result.current.status).toBe('loading');
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.coins).toEqual([btc, eth]);
    expect(result.current.error).toBeNull();
    expect(client.fetchCoins).toHaveBeenCalledWith({ force: false });
  });

  it('draws a fresh list already at hand in its first render, without loading it again', async () => {
    const atHand = [btc, eth];
    const client = { ...fakeClient({ success: true, data: [eth] }), peekCoins: () => atHand };
    const { result } = renderHook(() => useCoins({ client, refreshMs: 30_000 }));
    expect(result.current.status).toBe('ready');
    expect(result.current.coins).toEqual([btc, eth]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(client.fetchCoins).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(client.fetchCoins).toHaveBeenCalledWith({ force: true });
    expect(result.current.coins).toEqual([eth]);
  });

  it('shows the error state when nothing could be loaded', async () => {
    const client = fakeClient({ success: false, data: [], error: marketMessages.network });
    const { result } = renderHook(() => useCoins({ client }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe(marketMessages.network);
    expect(result.current.coins).toEqual([]);
  });

  it('shows the empty state for an empty coin list', async () => {
    const client = fakeClient({ success: false, data: [], error: marketMessages.emptyCoinList });
    const { result } = renderHook(() => useCoins({ client }));
    await waitFor(() => expect(result.current.status).toBe('empty'));
  });

  it('passes the stale flag of a cached fallback through', async () => {
    const client = fakeClient({ success: true, data: [btc], stale: true, error: marketMessages.network });
    const { result } = renderHook(() => useCoins({ client }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.stale).toBe(true);
    expect(result.current.error).toBe(marketMessages.network);
  });

  it('refreshes on its period, forcing past the cache, and keeps the list when a refresh fails', async () => {
    const client = fakeClient(
      { success: true, data: [btc] },
      { success: false, data: [], error: marketMessages.timeout },
    );
    const { result } = renderHook(() => useCoins({ client, refreshMs: 30_000 }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(client.fetchCoins).toHaveBeenCalledTimes(2);
    expect(client.fetchCoins).toHaveBeenLastCalledWith({ force: true });
    expect(result.current.coins).toEqual([btc]);
    expect(result.current.stale).toBe(true);
    expect(result.current.error).toBe(marketMessages.timeout);
  });

  it('reload goes back to loading when nothing is shown and then loads again', async () => {
    const client = fakeClient(
      { success: false, data: [], error: marketMessages.network },
      { success: true, data: [eth] },
    );
    const { result } = renderHook(() => useCoins({ client }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    act(() => result.current.reload());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.coins).toEqual([eth]);
  });

  it('stops refreshing after unmount and takes a late answer quietly', async () => {
    let answer: (value: CoinsResult) => void = () => undefined;
    const fetchCoins = vi.fn(
      () =>
        new Promise<CoinsResult>((resolve) => {
          answer = resolve;
        }),
    );
    const client = { fetchCoins };
    const { result, unmount } = renderHook(() => useCoins({ client, refreshMs: 1000 }));
    unmount();
    await act(async () => answer({ success: true, data: [btc] }));
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchCoins).toHaveBeenCalledTimes(1);
    expect(result.current.status).toBe('loading');
  });

  it('turns a throwing client into the coin-data error', async () => {
    const client = { fetchCoins: vi.fn(() => Promise.reject(new Error('bug'))) };
    const { result } = renderHook(() => useCoins({ client }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.error).toBe(marketMessages.fetchCoinsFailed);
  });
});
