/**
 * OKX's per-key limits of the socket's order ops (docs-v5 "WS / Place order" and the others):
 * `order` and `cancel-order` 60 requests per 2 s, `batch-orders` and `batch-cancel-orders` 300
 * orders per 2 s. Counted per key in this process, in fixed 2-second windows: a key's sockets
 * here share them. Past a limit the request is answered with 60014 and nothing of it is done.
 */
const WINDOW_MS = 2_000;
const LIMITS = { single: 60, batch: 300 } as const;
export type LimitKind = keyof typeof LIMITS;

interface Window {
  startedAt: number;
  used: Record<LimitKind, number>;
}

/** At most this many keys' windows are kept; the oldest go first (a fresh window is the same as an unused one). */
const MAX_KEYS = 100_000;

export class KeyLimits {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts `count` against the key's limit of this kind; false (and nothing counted) when it would pass it. */
  take(apiKey: string, kind: LimitKind, count: number): boolean {
    const at = this.now();
    let w = this.windows.get(apiKey);
    if (!w || at - w.startedAt >= WINDOW_MS) {
      this.windows.delete(apiKey);
      if (this.windows.size >= MAX_KEYS) this.windows.delete(this.windows.keys().next().value as string);
      w = { startedAt: at, used: { single: 0, batch: 0 } };
      this.windows.set(apiKey, w);
    }
    if (w.used[kind] + count > LIMITS[kind]) return false;
    w.used[kind] += count;
    return true;
  }
}
