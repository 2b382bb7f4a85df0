import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { focusManager } from '@tanstack/react-query';

const subscribe = (onChange: () => void) => focusManager.subscribe(onChange);
const pageVisible = () => focusManager.isFocused();

/**
 * Calls `tick` every `intervalMs` while `active` and the page is visible; a hidden tab asks nothing.
 * The page counts as visible exactly as for the query cache's own polling (TanStack's focus manager).
 */
export function usePolling(active: boolean, intervalMs: number, tick: () => void): void {
  const visible = useSyncExternalStore(subscribe, pageVisible, () => true);
  const onTick = useEffectEvent(tick);

  useEffect(() => {
    if (!active || !visible) return undefined;
    const timer = setInterval(() => onTick(), intervalMs);
    return () => clearInterval(timer);
  }, [active, visible, intervalMs]);
}
