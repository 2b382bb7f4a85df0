import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type AsyncStatus = 'loading' | 'ready' | 'error';

interface Settled<T> {
  request: string;
  data: T | null;
  error: unknown;
  ok: boolean;
}

/**
 * Loads data for `key` (null = nothing to load) and again on reload(). While a new request
 * runs the previous data stays on screen, so balances and tables do not blink on refresh.
 */
export function useAsync<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  const [generation, setGeneration] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const request = key === null ? null : `${generation}:${key}`;
  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (request === null) return undefined;
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ request, data, error: null, ok: true });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled((previous) => ({ request, data: previous?.data ?? null, error, ok: false }));
      },
    );
    return () => controller.abort();
  }, [request]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const current = settled !== null && settled.request === request;
  let status: AsyncStatus = 'loading';
  if (current) status = settled.ok ? 'ready' : 'error';
  return { status, data: settled?.data ?? null, error: current ? settled.error : null, reload };
}
