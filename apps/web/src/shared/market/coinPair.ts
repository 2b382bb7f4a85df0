import type { Coin } from './coin';

export const COIN_PAIR_PARAM = 'coin_pair_id';
export const DEFAULT_COIN_PAIR_ID = 1;

export interface ResolvedCoin {
  coin: Coin;
  /** The URL's coin_pair_id differs from the coin's id and must be replaced. */
  replaceUrl: boolean;
}

function btcOrFirst(coins: readonly Coin[]): Coin | undefined {
  return coins.find((coin) => coin.symbol.toUpperCase() === 'BTC') ?? coins[0];
}

/**
 * The coin of spec 1 §2 for a coin_pair_id query value: missing means 1, 1 means BTC's
 * canonical id, and an unknown or malformed id falls back to BTC (else the first coin).
 */
export function resolveCoinPair(coins: readonly Coin[], raw: string | null): ResolvedCoin | null {
  const fallback = btcOrFirst(coins);
  if (!fallback) return null;
  const id = raw !== null && /^\d+$/.test(raw.trim()) ? Number(raw) : raw === null ? DEFAULT_COIN_PAIR_ID : Number.NaN;
  const coin = id === DEFAULT_COIN_PAIR_ID ? fallback : (coins.find((item) => item.id === id) ?? fallback);
  return { coin, replaceUrl: raw !== String(coin.id) };
}
