import { HEADER_SEARCH_LIMIT } from '@exchange/contract';
import type { Coin } from '../../shared/market/coin';
import type { CoinsStatus } from '../../shared/market/useCoins';
import { searchCoins } from '../../shared/market/coinSearch';

export type SearchTab = 'spot' | 'futures';

/** Shown under "No coins found matching …" (spec 1 §8). */
export const FALLBACK_SYMBOLS = ['BTC', 'ETH', 'SOL'] as const;

export type SearchView =
  | { kind: 'hint'; options: [] }
  | { kind: 'loading'; options: [] }
  | { kind: 'error'; options: [] }
  | { kind: 'results'; options: Coin[] }
  | { kind: 'none'; options: Coin[] };

/** What the dropdown shows for a query (spec 1 §4: loading, results, no results or the start-typing hint). */
export function searchViewOf(coins: readonly Coin[], status: CoinsStatus, query: string): SearchView {
  if (!query.trim()) return { kind: 'hint', options: [] };
  if (status === 'loading') return { kind: 'loading', options: [] };
  if (status === 'error') return { kind: 'error', options: [] };
  const results = searchCoins(coins, query, HEADER_SEARCH_LIMIT);
  if (results.length > 0) return { kind: 'results', options: results };
  const fallback = FALLBACK_SYMBOLS.map((symbol) => coins.find((coin) => coin.symbol.toUpperCase() === symbol)).filter(
    (coin): coin is Coin => coin !== undefined,
  );
  return { kind: 'none', options: fallback };
}

export function destinationOf(coin: Coin, tab: SearchTab): string {
  return `${tab === 'spot' ? '/spot-trading' : '/future-trading'}?coin_pair_id=${coin.id}`;
}
