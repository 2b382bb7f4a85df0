/**
 * A part of the chart whose code is fetched on its first real use (indicators, drawings), so the
 * chart's first chunk carries only candles and volume. Calls made while the code is on its way wait,
 * only the latest of them, and run once it is here; nothing runs after `close`.
 */
export interface LazyLayer<L> {
  /** Runs `call` on the layer: now when it is here, else once it is, loading it when `needed`. */
  run(call: (layer: L) => void, needed: boolean): void;
  /** The layer, once loaded. */
  readonly current: L | null;
  close(): void;
}

export function lazyLayer<L>(load: () => Promise<L>): LazyLayer<L> {
  let layer: L | null = null;
  let loading = false;
  let closed = false;
  let waiting: ((layer: L) => void) | null = null;
  return {
    run(call, needed) {
      if (closed) return;
      if (layer) {
        call(layer);
        return;
      }
      waiting = call;
      if (!needed || loading) return;
      loading = true;
      load().then(
        (loaded) => {
          if (closed) return;
          layer = loaded;
          const next = waiting;
          waiting = null;
          next?.(loaded);
        },
        // A chunk that failed to arrive (a dropped connection) is asked for again on the next use.
        () => {
          loading = false;
        },
      );
    },
    get current() {
      return layer;
    },
    close() {
      closed = true;
      waiting = null;
    },
  };
}
