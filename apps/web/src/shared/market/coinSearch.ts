/** What the search reads of a coin, an asset or a currency. */
export interface SearchableCoin {
  symbol: string;
  name: string;
}

/** Case-insensitive match on symbol or name (spec 3 §5); an empty query matches everything. */
export function matchesQuery(coin: SearchableCoin, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return coin.symbol.toLowerCase().includes(q) || coin.name.toLowerCase().includes(q);
}

/**
 * The one search of every coin list (pickers, markets, header search): matches with exact and prefix
 * symbol hits first, so typing "eth" puts ETH above names merely containing it; otherwise the list's order.
 */
export function searchCoins<T extends SearchableCoin>(coins: readonly T[], query: string, limit = Infinity): T[] {
  const q = query.trim().toLowerCase();
  const rank = (coin: T) => {
    const symbol = coin.symbol.toLowerCase();
    if (symbol === q) return 0;
    if (symbol.startsWith(q)) return 1;
    return 2;
  };
  return coins
    .filter((coin) => matchesQuery(coin, q))
    .map((coin, index) => ({ coin, index, rank: rank(coin) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.coin);
}
