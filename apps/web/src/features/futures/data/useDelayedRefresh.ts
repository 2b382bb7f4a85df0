import { useCallback, useEffect, useRef } from 'react';
import { FUTURES_NOTIFICATION_MS } from '@exchange/contract';

/** After a trade the notification shows for 3 s, then the wallet and the list are read again (spec 2 §4). */
export function useDelayedRefresh(refresh: () => void, delayMs = FUTURES_NOTIFICATION_MS): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, delayMs);
  }, [refresh, delayMs]);
}
