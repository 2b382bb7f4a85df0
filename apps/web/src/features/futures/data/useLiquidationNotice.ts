import { useCallback, useEffect, useState } from 'react';
import { FUTURES_NOTIFICATION_MS, type FuturesPositionRow } from '@exchange/contract';

/** Positions the last poll found liquidated, shown until closed or for 3 s after the latest (spec 2 §9 notification time). */
export function useLiquidationNotice(): { liquidated: FuturesPositionRow[]; report: (rows: FuturesPositionRow[]) => void; dismiss: () => void } {
  const [liquidated, setLiquidated] = useState<FuturesPositionRow[]>([]);
  useEffect(() => {
    if (liquidated.length === 0) return undefined;
    const timer = setTimeout(() => setLiquidated([]), FUTURES_NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [liquidated]);
  const report = useCallback((rows: FuturesPositionRow[]) => setLiquidated((previous) => [...previous, ...rows]), []);
  const dismiss = useCallback(() => setLiquidated([]), []);
  return { liquidated, report, dismiss };
}
