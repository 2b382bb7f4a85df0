import { MAX_FAVOURITES } from '@exchange/contract';
import { browserStorage, safeGet, type KeyValueStorage } from '../../market/storage';

export { MAX_FAVOURITES, defaultFavourites } from '@exchange/contract';

/** The spot page's storage key; the futures page keeps its own (spec 2 §3: future_favorites_bar_data). */
export const FAVOURITES_KEY = 'spotFavourites';
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

/** Adds or removes `symbol`; a ninth favourite pushes out the oldest one. */
export function toggleFavourite(symbols: readonly string[], symbol: string): string[] {
  if (symbols.includes(symbol)) return symbols.filter((item) => item !== symbol);
  return [...symbols, symbol].slice(-MAX_FAVOURITES);
}
