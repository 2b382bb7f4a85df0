/** The query parameter naming the trading pages' pair (spec 1 §2). */
export const COIN_PAIR_PARAM = 'coin_pair_id';
export const DEFAULT_COIN_PAIR_ID = 1;

/** What choosing a pair needs of a coin: the web app's coins and the server's coin list both have it. */
interface PairCoin {
  id: number;
  symbol: string;
}

export interface ResolvedCoin<C extends PairCoin> {
  coin: C;
  /** The URL's coin_pair_id differs from the coin's id and must be replaced. */
  replaceUrl: boolean;
}

function btcOrFirst<C extends PairCoin>(coins: readonly C[]): C | undefined {
  return coins.find((coin) => coin.symbol.toUpperCase() === 'BTC') ?? coins[0];
}

/**
 * The coin of spec 1 §2 for a coin_pair_id query value: missing means 1, 1 means BTC's canonical id,
 * and an unknown or malformed id falls back to BTC (else the first coin). The spot page and the
 * header the server draws ahead of it choose by this one rule.
 */
export function resolveCoinPair<C extends PairCoin>(coins: readonly C[], raw: string | null): ResolvedCoin<C> | null {
  const fallback = btcOrFirst(coins);
  if (!fallback) return null;
  const id = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : raw === null ? DEFAULT_COIN_PAIR_ID : Number.NaN;
  const coin = id === DEFAULT_COIN_PAIR_ID ? fallback : (coins.find((item) => item.id === id) ?? fallback);
  return { coin, replaceUrl: raw !== String(coin.id) };
}

/** The favourites bar holds at most this many coins (spec 1 §7). */
export const MAX_FAVOURITES = 8;

/** The first 8 tradable coins, the favourites bar's default (spec 1 §7), and so the header star's first state. */
export function defaultFavourites(coins: readonly { symbol: string; is_tradable: boolean }[]): string[] {
  return coins.filter((coin) => coin.is_tradable).slice(0, MAX_FAVOURITES).map((coin) => coin.symbol);
}
