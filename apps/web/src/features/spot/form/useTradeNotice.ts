import { useCallback, useEffect, useState } from 'react';
import { SPOT_NOTIFICATION_MS } from '@exchange/contract';

export interface TradeNotice {
  type: 'success' | 'error';
  text: string;
  /** Distinguishes two equal notices in a row, so each gets its own 5 s. */
  id: number;
}

/** The trade result notification: shown until closed or for 5 s (spec 1 §4). */
export function useTradeNotice(): { notice: TradeNotice | null; show: (type: TradeNotice['type'], text: string) => void; close: () => void } {
  const [notice, setNotice] = useState<TradeNotice | null>(null);
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), SPOT_NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const show = useCallback(
    (type: TradeNotice['type'], text: string) => setNotice((previous) => ({ type, text, id: (previous?.id ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setNotice(null), []);
  return { notice, show, close };
}
