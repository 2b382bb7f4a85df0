import { useCallback, useEffect, useState } from 'react';
import { SPOT_NOTIFICATION_MS } from '@exchange/contract';

export interface TradeNotice {
  type: 'success' | 'error';
  text: string;
  /** Distinguishes two equal notices in a row, so each gets its own time. */
  id: number;
}

/** The trade result notification: shown until closed or for `durationMs` (spot 5 s, spec 1 §4; futures 3 s, spec 2 §4). */
export function useTradeNotice(durationMs: number = SPOT_NOTIFICATION_MS): { notice: TradeNotice | null; show: (type: TradeNotice['type'], text: string) => void; close: () => void } {
  const [notice, setNotice] = useState<TradeNotice | null>(null);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), durationMs);
    return () => clearTimeout(timer);
  }, [notice, durationMs]);
  const show = useCallback(
    (type: TradeNotice['type'], text: string) => setNotice((previous) => ({ type, text, id: (previous?.id ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setNotice(null), []);
  return { notice, show, close };
}
