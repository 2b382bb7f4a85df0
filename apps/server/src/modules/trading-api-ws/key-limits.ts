import { FifoMap } from '../../shared/fifo-map.js';

/**
 * OKX's per-key limits of the socket's order ops (docs-v5 "WS / Place order" and the others):
 * `order` and `cancel-order` 60 requests per 2 s, `batch-orders` and `batch-cancel-orders` 300
 * orders per 2 s, counted in fixed 2-second windows. A key's sockets share them wherever they are:
 * on one process `KeyLimits` counts them, on a cluster the shared store (`Services.okxWsKeyLimits`).
 * Past a limit the request is answered with 50011 and nothing of it is done.
 */
export const OKX_WS_KEY_LIMITS = { windowMs: 2_000, single: 60, batch: 300 } as const;
export type LimitKind = 'single' | 'batch';

/** Counted; past the limit (nothing counted); or not countable now, the shared store being down (nothing counted, the op is refused). */
export type LimitAnswer = 'taken' | 'over' | 'unavailable';

/** Counts `count` against the key's limit of this kind. */
export interface OrderOpLimits {
  take(apiKey: string, kind: LimitKind, count: number): LimitAnswer | Promise<LimitAnswer>;
}

interface Window {
  startedAt: number;
  used: Record<LimitKind, number>;
}

/** At most this many keys' windows are kept; the oldest go first (a fresh window is the same as an unused one). */
const MAX_KEYS = 100_000;

/** The limits counted in this process's memory: the embedded single process's. */
export class KeyLimits implements OrderOpLimits {
  private readonly windows = new FifoMap<string, Window>(MAX_KEYS);

  constructor(private readonly now: () => number = Date.now) {}

  take(apiKey: string, kind: LimitKind, count: number): LimitAnswer {
    const at = this.now();
    let w = this.windows.get(apiKey);
    if (!w || at - w.startedAt >= OKX_WS_KEY_LIMITS.windowMs) {
      this.windows.delete(apiKey);
      w = { startedAt: at, used: { single: 0, batch: 0 } };
      this.windows.set(apiKey, w);
    }
    if (w.used[kind] + count > OKX_WS_KEY_LIMITS[kind]) return 'over';
    w.used[kind] += count;
    return 'taken';
  }
}
