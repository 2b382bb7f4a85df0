import { useEffect, useRef, useState } from 'react';
import type { UserWalletResponse } from '@exchange/contract';
import { spotWalletCache } from '../api/spotApi';
import type { WalletCache } from '../api/walletCache';

export interface SpotBalances {
  /** USDT spot balance (usdtSpotBalance of spec 1 §3). */
  usdt: string;
  /** The coin's spot balance (cryptoSpotBalance). */
  crypto: string;
}

const ZERO: SpotBalances = { usdt: '0', crypto: '0' };

/**
 * The spot balances of the signed-in user for one coin, read through the 10 s wallet cache.
 * Visitors and failed calls read as zero balances (spec 1 §8: "If wallet data fails, ... zero
 * balances"). A change of `refresh` (an order placed or canceled, a private push) means the
 * balances moved, so it drops the user's cached wallets before reading again.
 */
export function useSpotWallet(
  uid: number | null,
  coinId: number | null,
  refresh: number,
  cache: WalletCache<UserWalletResponse> = spotWalletCache,
): SpotBalances {
  const key = uid === null || coinId === null ? null : `${uid}:${coinId}`;
  const [answer, setAnswer] = useState<{ key: string; balances: SpotBalances } | null>(null);
  const seenRefresh = useRef(refresh);
  useEffect(() => {
    if (uid === null || coinId === null) return undefined;
    if (seenRefresh.current !== refresh) {
      seenRefresh.current = refresh;
      cache.dropUser(uid);
    }
    const controller = new AbortController();
    const requestKey = `${uid}:${coinId}`;
    cache
      .read(uid, coinId, controller.signal)
      .then((wallet) => {
        if (controller.signal.aborted) return;
        setAnswer({
          key: requestKey,
          balances: { usdt: wallet.usdtWallet.spot_wallet, crypto: wallet.cryptoWallet.spot_wallet },
        });
      })
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key: requestKey, balances: ZERO });
      });
    return () => controller.abort();
  }, [uid, coinId, refresh, cache]);
  // Balances of another user or coin are never shown while the new ones load.
  return answer && answer.key === key ? answer.balances : ZERO;
}
