import { useEffect, useRef } from 'react';

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * Calls `tick` now and every `intervalMs` while the page is visible (a hidden tab polls nothing and
 * catches up the moment it shows again); `key` restarts it, null stops it. Each tick gets a signal
 * aborted when the poll stops, and a tick still running is not started twice.
 */
export function useVisiblePoll(key: string | null, intervalMs: number, tick: (signal: AbortSignal) => Promise<void>): void {
  const latest = useRef(tick);
  useEffect(() => {
    latest.current = tick;
  });
  useEffect(() => {
    if (key === null) return undefined;
    const controller = new AbortController();
    let running = false;
    const run = () => {
      if (running || !pageVisible() || controller.signal.aborted) return;
      running = true;
      latest.current(controller.signal).finally(() => {
        running = false;
      });
    };
    run();
    const timer = setInterval(run, intervalMs);
    document.addEventListener('visibilitychange', run);
    return () => {
      controller.abort();
      clearInterval(timer);
      document.removeEventListener('visibilitychange', run);
    };
  }, [key, intervalMs]);
}
