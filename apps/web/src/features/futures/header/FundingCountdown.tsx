import { useEffect, useState } from 'react';
import { countdown } from './headerFigures';

/** Time left to the next funding, ticking every second. */
export function FundingCountdown({ at }: { at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <time dateTime={new Date(at).toISOString()}>{countdown(at, now)}</time>;
}
