import { useCallback } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '../query/queryClient';

export type AsyncStatus = 'loading' | 'ready' | 'error';

export interface AsyncOptions<T> {
  /**
   * Loads again this often (false: never by itself), or as often as the last answer asks. Paused
   * while the page is hidden: the cache's focus manager reads the page's visibility.
   */
  pollMs?: number | false | ((data: T | undefined) => number | false);
}

/**
 * Loads `scope`'s data for `key` (null = nothing to load) through the app's query cache, and again
 * on reload(). Two screens asking for the same scope and key share one answer. While a new request
 * runs the previous data stays on screen, so balances and tables do not blink on refresh; the
 * status is then 'loading' again, as the spinners and retry buttons expect.
 */
export function useAsync<T>(scope: string, key: string | null, load: (signal: AbortSignal) => Promise<T>, options: AsyncOptions<T> = {}) {
  const { pollMs } = options;
  const query = useQuery(
    {
      queryKey: [scope, key],
      queryFn: ({ signal }) => load(signal),
      enabled: key !== null,
      placeholderData: keepPreviousData,
      refetchInterval: (cached) => (typeof pollMs === 'function' ? pollMs(cached.state.data) : (pollMs ?? false)),
      refetchIntervalInBackground: false,
    },
    queryClient,
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  let status: AsyncStatus = 'loading';
  if (!query.isFetching && !query.isPlaceholderData) {
    if (query.isError) status = 'error';
    else if (query.isSuccess) status = 'ready';
  }
  return { status, data: query.data ?? null, error: status === 'error' ? query.error : null, reload };
}
