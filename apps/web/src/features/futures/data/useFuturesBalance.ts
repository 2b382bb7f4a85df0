import { useEffect, useState } from 'react';
import { fetchFuturesWallet } from '../api/futuresApi';

export interface FuturesBalance {
  /**
   * USDT available in the futures wallet; null until the wallet has been read (and for visitors), so
   * nothing reckons with a balance the page does not know yet.
   */
  usdt: string | null;
  /** The last read failed: `usdt` is the previous read's figure, or null when there was none. */
  failed: boolean;
}

const UNKNOWN: FuturesBalance = { usdt: null, failed: false };

/** The futures wallet's USDT, read again whenever `refresh` changes (a trade, a close, a liquidation). */
export function useFuturesBalance(uid: number | null, coinId: number | null, refresh: number): FuturesBalance {
  const key = uid === null || coinId === null ? null : `${uid}:${coinId}`;
  const [answer, setAnswer] = useState<{ key: string; balance: FuturesBalance } | null>(null);
  useEffect(() => {
    if (uid === null || coinId === null) return undefined;
    const controller = new AbortController();
    const requestKey = `${uid}:${coinId}`;
    fetchFuturesWallet(uid, coinId, controller.signal)
      .then((wallet) => setAnswer({ key: requestKey, balance: { usdt: wallet.usdtWallet.future_wallet, failed: false } }))
      .catch(() => {
        if (!controller.signal.aborted)
          setAnswer((previous) => ({ key: requestKey, balance: { usdt: previous?.key === requestKey ? previous.balance.usdt : null, failed: true } }));
      });
    return () => controller.abort();
  }, [uid, coinId, refresh]);
  return answer && answer.key === key ? answer.balance : UNKNOWN;
}
