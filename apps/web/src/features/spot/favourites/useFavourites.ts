import { useCallback, useState } from 'react';
import type { Coin } from '../../../shared/market/coin';
import { defaultFavourites, readFavourites, toggleFavourite, writeFavourites } from './favourites';

/** The favourite symbols: the stored choice while fresh, else the first 8 tradable coins. */
export function useFavourites(coins: readonly Coin[]): { symbols: string[]; toggle: (symbol: string) => void } {
  const [chosen, setChosen] = useState<string[] | null>(() => readFavourites(Date.now()));
  const symbols = chosen ?? defaultFavourites(coins);
  const toggle = useCallback(
    (symbol: string) => {
      const next = toggleFavourite(chosen ?? defaultFavourites(coins), symbol);
      writeFavourites(next, Date.now());
      setChosen(next);
    },
    [chosen, coins],
  );
  return { symbols, toggle };
}
