import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Coin } from '../market/coin';
import { COIN_PAIR_PARAM, resolveCoinPair } from '../market/coinPair';

/** The page's coin from the URL, keeping coin_pair_id canonical with replace navigation. */
export function useCoinParam(coins: readonly Coin[]): { coin: Coin | null; selectCoin: (coin: Coin) => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get(COIN_PAIR_PARAM);
  const resolved = useMemo(() => resolveCoinPair(coins, raw), [coins, raw]);
  const canonicalId = resolved?.replaceUrl ? resolved.coin.id : null;

  useEffect(() => {
    if (canonicalId === null) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(COIN_PAIR_PARAM, String(canonicalId));
        return next;
      },
      // Naming the coin in the URL is no new page: no scroll to the top, which forced a layout mid-render.
      { replace: true, preventScrollReset: true },
    );
  }, [canonicalId, setParams]);

  const selectCoin = useCallback(
    (coin: Coin) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set(COIN_PAIR_PARAM, String(coin.id));
        return next;
      }),
    [setParams],
  );

  return { coin: resolved?.coin ?? null, selectCoin };
}
