import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Coin } from '../market/coin';
import { COIN_PAIR_PARAM, resolveCoinPair } from '@exchange/contract';
import { useAfterFirstPaint } from '../ui/useAfterFirstPaint';

/** The page's coin from the URL, keeping coin_pair_id canonical with replace navigation. */
export function useCoinParam(coins: readonly Coin[]): { coin: Coin | null; selectCoin: (coin: Coin) => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get(COIN_PAIR_PARAM);
  const resolved = useMemo(() => resolveCoinPair(coins, raw), [coins, raw]);
  // The router's navigation reads the scroll position, which forces a layout: once the coin is on
  // screen that layout is done already, while before it was the page's whole first layout, early.
  const painted = useAfterFirstPaint(resolved !== null);
  const canonicalId = painted && resolved?.replaceUrl ? resolved.coin.id : null;

  useEffect(() => {
    if (canonicalId === null) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(COIN_PAIR_PARAM, String(canonicalId));
        return next;
      },
      // Naming the coin in the URL is no new page: no scroll to the top.
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
