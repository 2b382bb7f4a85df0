import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { UserWalletResponse } from '@exchange/contract';
import { createWalletCache } from '../api/walletCache';
import { useSpotWallet } from './useSpotWallet';

function wallet(usdt: string, crypto: string): UserWalletResponse {
  const entry = (symbol: string, balance: string) => ({
    coin_id: 1,
    crypto_symbol: symbol,
    crypto_name: symbol,
    logo_path: '',
    price: '100',
    spot_wallet: balance,
    future_wallet: '0',
  });
  return { cryptoWallet: entry('BTC', crypto), usdtWallet: entry('USDT', usdt) };
}

function setup(load: (uid: number, coinId: number) => Promise<UserWalletResponse>) {
  const loadMock = vi.fn(load);
  // A clock that never moves: every read within the test is inside the 10 s window.
  const cache = createWalletCache(loadMock, 10_000, () => 0);
  const hook = renderHook(({ uid, coinId, refresh }) => useSpotWallet(uid, coinId, refresh, cache), {
    initialProps: { uid: 42 as number | null, coinId: 1 as number | null, refresh: 0 },
  });
  return { ...hook, load: loadMock };
}

afterEach(cleanup);

describe('useSpotWallet', () => {
  it('reads a coin again from the cache when the page comes back to it', async () => {
    const { result, rerender, load } = setup(async (_uid, coinId) => wallet('1000', String(coinId)));
    await waitFor(() => expect(result.current).toEqual({ usdt: '1000', crypto: '1' }));
    rerender({ uid: 42, coinId: 2, refresh: 0 });
    await waitFor(() => expect(result.current).toEqual({ usdt: '1000', crypto: '2' }));
    rerender({ uid: 42, coinId: 1, refresh: 0 });
    expect(result.current).toEqual({ usdt: '0', crypto: '0' });
    await waitFor(() => expect(result.current).toEqual({ usdt: '1000', crypto: '1' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops the cached wallet and loads the new balances when refresh changes', async () => {
    let usdt = '1000';
    const { result, rerender, load } = setup(async () => wallet(usdt, '2'));
    await waitFor(() => expect(result.current.usdt).toBe('1000'));
    usdt = '950';
    rerender({ uid: 42, coinId: 1, refresh: 1 });
    await waitFor(() => expect(result.current.usdt).toBe('950'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows zero balances when the wallet call fails', async () => {
    const { result, load } = setup(async () => {
      throw new Error('down');
    });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(result.current).toEqual({ usdt: '0', crypto: '0' });
  });

  it('never shows the balances of another user when the new user\'s wallet fails', async () => {
    const { result, rerender, load } = setup(async (uid) => {
      if (uid === 7) throw new Error('down');
      return wallet('1000', '2');
    });
    await waitFor(() => expect(result.current.usdt).toBe('1000'));
    rerender({ uid: 7, coinId: 1, refresh: 0 });
    await waitFor(() => expect(load).toHaveBeenCalledWith(7, 1, expect.any(AbortSignal)));
    expect(result.current).toEqual({ usdt: '0', crypto: '0' });
  });

  it('reads nothing for a visitor', () => {
    const { result, rerender, load } = setup(async () => wallet('1000', '2'));
    rerender({ uid: null, coinId: 1, refresh: 0 });
    expect(result.current).toEqual({ usdt: '0', crypto: '0' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
