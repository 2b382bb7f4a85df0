import { startTransition, useEffect, useState } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Past this the deferred part draws even on a main thread that never goes idle. */
const IDLE_TIMEOUT_MS = 1000;

/**
 * False until `ready` has held through a paint and the main thread has then gone idle, so heavy
 * work (a chart's first draw) runs after what the user reads first (the order book) instead of
 * blocking it. `deadlineMs` after `started`, it comes true even if `ready` never does (a book that
 * failed to load must not keep the chart away). Once true it stays true.
 */
export function useIdleAfter(started: boolean, ready: boolean, deadlineMs: number): boolean {
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (due || !started || ready) return undefined;
    const timer = setTimeout(() => startTransition(() => setDue(true)), deadlineMs);
    return () => clearTimeout(timer);
  }, [due, started, ready, deadlineMs]);

  useEffect(() => {
    if (due || !started || !ready) return undefined;
    const win = window as IdleWindow;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => startTransition(() => setDue(true));
    // A frame callback runs just before the paint; what it queues runs after that paint.
    const frame = requestAnimationFrame(() => {
      if (win.requestIdleCallback) idle = win.requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      else timer = setTimeout(done, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) win.cancelIdleCallback?.(idle);
      clearTimeout(timer);
    };
  }, [due, started, ready]);

  return due;
}
