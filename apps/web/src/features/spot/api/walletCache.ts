type Load<T> = (uid: number, coinId: number, signal?: AbortSignal) => Promise<T>;

export interface WalletCache<T> {
  /** The cached answer while younger than the time to live, else a fresh load. Failed loads are not kept. */
  read(uid: number, coinId: number, signal?: AbortSignal): Promise<T>;
  /**
   * Forgets every coin of the user, not only the traded one: each answer also carries the
   * user's USDT balance, which any order or fill changes.
   */
  dropUser(uid: number): void;
}

interface Entry<T> {
  value: T;
  at: number;
}

/** Wallet answers per user and coin for `ttlMs` (spec 1 §7); `now` is injectable for tests. */
export function createWalletCache<T>(load: Load<T>, ttlMs: number, now: () => number = Date.now): WalletCache<T> {
  const users = new Map<number, Map<number, Entry<T>>>();
  // Bumped by every drop, so an answer already on its way when an order landed is not kept as fresh.
  let epoch = 0;

  return {
    async read(uid, coinId, signal) {
      const hit = users.get(uid)?.get(coinId);
      if (hit && now() - hit.at < ttlMs) return hit.value;
      const started = epoch;
      const value = await load(uid, coinId, signal);
      if (started === epoch) {
        const coins = users.get(uid) ?? new Map<number, Entry<T>>();
        coins.set(coinId, { value, at: now() });
        users.set(uid, coins);
      }
      return value;
    },
    dropUser(uid) {
      epoch += 1;
      users.delete(uid);
    },
  };
}
