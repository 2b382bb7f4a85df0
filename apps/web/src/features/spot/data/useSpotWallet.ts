import { useEffect, useState } from 'react';
import { fetchSpotWallet } from '../api/spotApi';

export interface SpotBalances {
  /** USDT spot balance (usdtSpotBalance of spec 1 §3). */
  usdt: string;
  /** The coin's spot balance (cryptoSpotBalance). */
  crypto: string;
}

const ZERO: SpotBalances = { usdt: '0', crypto: '0' };

/**
 * The spot balances of the signed-in user for one coin. Visitors and failed calls read as zero
 * balances (spec 1 §8: "If wallet data fails, ... zero balances"); `refresh` reloads after trades.
 */
export function useSpotWallet(uid: number | null, coinId: number | null, refresh: number): SpotBalances {
  const key = uid === null || coinId === null ? null : `${uid}:${coinId}`;
  const [answer, setAnswer] = useState<{ key: string; balances: SpotBalances } | null>(null);
  useEffect(() => {
    if (uid === null || coinId === null) return undefined;
    const controller = new AbortController();
    const requestKey = `${uid}:${coinId}`;
    fetchSpotWallet(uid, coinId, controller.signal)
      .then((wallet) =>
        setAnswer({
          key: requestKey,
          balances: { usdt: wallet.usdtWallet.spot_wallet, crypto: wallet.cryptoWallet.spot_wallet },
        }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key: requestKey, balances: ZERO });
      });
    return () => controller.abort();
  }, [uid, coinId, refresh]);
  // Balances of another user or coin are never shown while the new ones load.
  return answer && answer.key === key ? answer.balances : ZERO;
}
