import { useEffect, useState } from 'react';

/**
 * The time now, read again every second while the component is mounted: countdowns are worked out
 * from it against a deadline, so a tab the browser slowed down still shows the right time left.
 */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
