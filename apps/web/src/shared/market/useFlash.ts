import { useEffect, useRef, useState } from 'react';

export type Flash = 'up' | 'down' | null;

/** 'up' or 'down' for `durationMs` after `value` rises or falls, so a price cell can flash green or red. */
export function useFlash(value: number, durationMs = 600): Flash {
  const previous = useRef(value);
  const [flash, setFlash] = useState<Flash>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (value === before) return undefined;
    setFlash(value > before ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), durationMs);
    return () => clearTimeout(timer);
  }, [value, durationMs]);

  return flash;
}
