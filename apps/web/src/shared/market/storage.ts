import { DEFAULT_API_KEY, storageKeys } from '@exchange/contract';

/** The part of Web Storage the market client needs; tests pass a fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or null where the browser refuses access to it (privacy modes, sandboxed frames). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function safeGet(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function safeRemove(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to undo: an unreadable storage holds no cache we could serve.
  }
}

/** The stored apikey, else the web app's built-in one (spec 1 §6). */
export function readApiKey(storage: KeyValueStorage | null): string {
  return safeGet(storage, storageKeys.apiKey) || DEFAULT_API_KEY;
}
