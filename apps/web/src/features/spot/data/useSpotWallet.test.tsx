import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { UserWalletResponse } from '@exchange/contract';
import { queryClient } from '../../../shared/query/queryClient';
import { invalidateAfterPush } from '../../../shared/query/privateInvalidation';
import { invalidateBalances, useSpotWallet } from './useSpotWallet';

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
  const hook = renderHook(({ uid, coinId }) => useSpotWallet(uid, coinId, loadMock), {
    initialProps: { uid: 42 as number | null, coinId: 1 as number | null },
  });
  return { ...hook, load: loadMock };
}

afterEach(cleanup);

describe('useSpotWallet', () => {
  it('answers a coin the page comes back to from the cache, within its 10 s', async () => {
    const { result, rerender, load } = setup(async (_uid, coinId) => wallet('1000', String(coinId)));
    await waitFor(() => expect(result.current).toEqual({ usdt: '1000', crypto: '1' }));
    rerender({ uid: 42, coinId: 2 });
    await waitFor(() => expect(result.current).toEqual({ usdt: '1000', crypto: '2' }));
    rerender({ uid: 42, coinId: 1 });
    expect(result.current).toEqual({ usdt: '1000', crypto: '1' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('loads the new balances of every coin of the user after an order', async () => {
    let usdt = '1000';
    const { result, rerender, load } = setup(async (_uid, coinId) => wallet(usdt, String(coinId)));
    await waitFor(() => expect(result.current.usdt).toBe('1000'));
    rerender({ uid: 42, coinId: 2 });
    await waitFor(() => expect(result.current.crypto).toBe('2'));
    usdt = '950';
    await act(() => invalidateBalances(42));
    await waitFor(() => expect(result.current.usdt).toBe('950'));
    rerender({ uid: 42, coinId: 1 });
    await waitFor(() => expect(result.current).toEqual({ usdt: '950', crypto: '1' }));
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('loads the new balances after a private fills push', async () => {
    let usdt = '1000';
    const { result } = setup(async () => wallet(usdt, '2'));
    await waitFor(() => expect(result.current.usdt).toBe('1000'));
    usdt = '990';
    await act(() => invalidateAfterPush(queryClient, 'fills'));
    await waitFor(() => expect(result.current.usdt).toBe('990'));
  });

  it('shows zero balances when the wallet call fails', async () => {
    const { result, load } = setup(async () => {
      throw new Error('down');
    });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(result.current).toEqual({ usdt: '0', crypto: '0' });
  });

  it("never shows the balances of another user when the new user's wallet fails", async () => {
    const { result, rerender, load } = setup(async (uid) => {
      if (uid === 7) throw new Error('down');
      return wallet('1000', '2');
    });
    await waitFor(() => expect(result.current.usdt).toBe('1000'));
    rerender({ uid: 7, coinId: 1 });
    expect(result.current).toEqual({ usdt: '0', crypto: '0' });
    await waitFor(() => expect(load).toHaveBeenCalledWith(7, 1, expect.any(AbortSignal)));
    expect(result.current).toEqual({ usdt: '0', crypto: '0' });
  });

  it('reads nothing for a visitor', () => {
    const { result, rerender, load } = setup(async () => wallet('1000', '2'));
    rerender({ uid: null, coinId: 1 });
    expect(result.current).toEqual({ usdt: '0', crypto: '0' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});
