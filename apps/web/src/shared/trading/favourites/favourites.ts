import type { Coin } from '../../market/coin';
import { browserStorage, safeGet, type KeyValueStorage } from '../../market/storage';

/** The spot page's storage key; the futures page keeps its own (spec 2 §3: future_favorites_bar_data). */
export const FAVOURITES_KEY = 'spotFavourites';
export const MAX_FAVOURITES = 8;
/** Favourites are kept 7 days, then the defaults come back (spec 1 §9). */
export const FAVOURITES_TTL_MS = 7 * 24 * 60 * 60 * 1000;

interface StoredFavourites {
  data: string[];
  timestamp: number;
}

/** The stored favourite symbols, or null when none are stored or they are older than 7 days. */
export function readFavourites(now: number, storage: KeyValueStorage | null = browserStorage(), key = FAVOURITES_KEY): string[] | null {
  try {
    const stored = JSON.parse(safeGet(storage, key) ?? 'null') as StoredFavourites | null;
    if (!stored || !Array.isArray(stored.data) || typeof stored.timestamp !== 'number') return null;
    if (now - stored.timestamp > FAVOURITES_TTL_MS) return null;
    return stored.data.filter((item): item is string => typeof item === 'string').slice(0, MAX_FAVOURITES);
  } catch {
    return null;
  }
}

export function writeFavourites(symbols: string[], now: number, storage: KeyValueStorage | null = browserStorage(), key = FAVOURITES_KEY): void {
  try {
    storage?.setItem(key, JSON.stringify({ data: symbols, timestamp: now } satisfies StoredFavourites));
  } catch {
    // A full or blocked storage only costs the favourites their persistence.
  }
}

/** The first 8 tradable coins, the bar's default (spec 1 §7). */
export function defaultFavourites(coins: readonly Coin[]): string[] {
  return coins.filter((coin) => coin.is_tradable).slice(0, MAX_FAVOURITES).map((coin) => coin.symbol);
}

/** Adds or removes `symbol`; a ninth favourite pushes out the oldest one. */
export function toggleFavourite(symbols: readonly string[], symbol: string): string[] {
  if (symbols.includes(symbol)) return symbols.filter((item) => item !== symbol);
  return [...symbols, symbol].slice(-MAX_FAVOURITES);
}
