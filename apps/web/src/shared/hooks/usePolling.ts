import { useEffect, useEffectEvent, useState } from 'react';

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/** Calls `tick` every `intervalMs` while `active` and the page is visible; a hidden tab asks nothing. */
export function usePolling(active: boolean, intervalMs: number, tick: () => void): void {
  const [visible, setVisible] = useState(pageVisible);
  const onTick = useEffectEvent(tick);

  useEffect(() => {
    const onChange = () => setVisible(pageVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);

  useEffect(() => {
    if (!active || !visible) return undefined;
    const timer = setInterval(() => onTick(), intervalMs);
    return () => clearInterval(timer);
  }, [active, visible, intervalMs]);
}
