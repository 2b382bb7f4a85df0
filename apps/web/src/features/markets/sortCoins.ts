import type { Coin } from '../../shared/market/coin';

export type SortKey = 'pair' | 'price' | 'change';
export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

const compare: Record<SortKey, (a: Coin, b: Coin) => number> = {
  pair: (a, b) => a.symbol.localeCompare(b.symbol),
  price: (a, b) => a.price - b.price,
  change: (a, b) => a.price_change_24h - b.price_change_24h,
};

/** The coins in header-sort order; without a sort they keep the API order (BTC first, spec 1 §9). */
export function sortCoins(coins: readonly Coin[], sort: SortState | null): Coin[] {
  if (!sort) return [...coins];
  const sign = sort.dir === 'asc' ? 1 : -1;
  return [...coins].sort((a, b) => sign * compare[sort.key](a, b));
}

/** Header clicks cycle: descending (numbers) or ascending (names), then the other way, then unsorted. */
export function nextSort(current: SortState | null, key: SortKey): SortState | null {
  const first: SortDir = key === 'pair' ? 'asc' : 'desc';
  if (!current || current.key !== key) return { key, dir: first };
  if (current.dir === first) return { key, dir: first === 'asc' ? 'desc' : 'asc' };
  return null;
}
