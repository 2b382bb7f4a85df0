import { COIN_CACHE_KEY, COIN_CACHE_TTL_MS, COIN_CACHE_VERSION } from '@exchange/contract';
import { normaliseCoins, type Coin } from './coin';
import { safeGet, safeRemove, type KeyValueStorage } from './storage';

export interface CachedCoins {
  timestamp: number;
  data: Coin[];
}

export interface CoinCache {
  /** The stored list whatever its age; a wrong version or an unreadable entry is cleared and gives null. */
  read(): CachedCoins | null;
  write(data: Coin[], timestamp: number): void;
  clear(): void;
}

/** Fresh means under 5 minutes old (spec 1 §4); a timestamp from the future is not trusted. */
export function isFresh(cached: CachedCoins, now: number): boolean {
  const age = now - cached.timestamp;
  return age >= 0 && age < COIN_CACHE_TTL_MS;
}

function isQuotaExceeded(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}

export function createCoinCache(storage: KeyValueStorage | null, key = COIN_CACHE_KEY): CoinCache {
  function clear(): void {
    safeRemove(storage, key);
  }

  function read(): CachedCoins | null {
    const text = safeGet(storage, key);
    if (text === null) return null;
    let entry: { version?: unknown; timestamp?: unknown; data?: unknown };
    try {
      entry = JSON.parse(text) as typeof entry;
    } catch {
      clear();
      return null;
    }
    if (entry?.version !== COIN_CACHE_VERSION || typeof entry.timestamp !== 'number' || !Array.isArray(entry.data)) {
      clear();
      return null;
    }
    // Items are re-checked: the entry may come from an older build or be edited by hand.
    const data = normaliseCoins(entry.data, entry.timestamp);
    return data.length > 0 ? { timestamp: entry.timestamp, data } : null;
  }

  function write(data: Coin[], timestamp: number): void {
    if (!storage) return;
    const text = JSON.stringify({ version: COIN_CACHE_VERSION, timestamp, data });
    try {
      storage.setItem(key, text);
    } catch (error) {
      if (!isQuotaExceeded(error)) return;
      // Spec 1 §8: on a full storage drop the old list and try once more; if that fails too the list still works from memory.
      clear();
      try {
        storage.setItem(key, text);
      } catch {
        return;
      }
    }
  }

  return { read, write, clear };
}
