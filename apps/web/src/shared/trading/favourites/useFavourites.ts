import { useCallback, useState } from 'react';
import type { Coin } from '../../market/coin';
import { FAVOURITES_KEY, defaultFavourites, readFavourites, toggleFavourite, writeFavourites } from './favourites';

/** The favourite symbols: the stored choice while fresh, else the first 8 tradable coins. */
export function useFavourites(coins: readonly Coin[], storageKey = FAVOURITES_KEY): { symbols: string[]; toggle: (symbol: string) => void } {
  const [chosen, setChosen] = useState<string[] | null>(() => readFavourites(Date.now(), undefined, storageKey));
  const symbols = chosen ?? defaultFavourites(coins);
  const toggle = useCallback(
    (symbol: string) => {
      const next = toggleFavourite(chosen ?? defaultFavourites(coins), symbol);
      writeFavourites(next, Date.now(), undefined, storageKey);
      setChosen(next);
    },
    [chosen, coins, storageKey],
  );
  return { symbols, toggle };
}
