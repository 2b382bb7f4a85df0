import { useEffect, useState } from 'react';
import { fetchFuturesWallet } from '../api/futuresApi';

export interface FuturesBalance {
  /** USDT available in the futures wallet; "0" for visitors and while unknown. */
  usdt: string;
  failed: boolean;
}

const ZERO: FuturesBalance = { usdt: '0', failed: false };

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
          setAnswer((previous) => ({ key: requestKey, balance: { usdt: previous?.key === requestKey ? previous.balance.usdt : '0', failed: true } }));
      });
    return () => controller.abort();
  }, [uid, coinId, refresh]);
  return answer && answer.key === key ? answer.balance : ZERO;
}
