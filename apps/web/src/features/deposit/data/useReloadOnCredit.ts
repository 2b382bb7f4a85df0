import { useEffect, useRef } from 'react';
import type { DepositRecord } from '@exchange/contract';

/** Calls `reload` when a deposit turns credited, so the funding balance on screen grows with it. */
export function useReloadOnCredit(records: readonly DepositRecord[] | null, reload: () => void): void {
  const credited = records
    ?.filter((record) => record.status === 'credited')
    .map((record) => record.id)
    .join(',');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (credited === undefined) return;
    if (seen.current !== undefined && seen.current !== credited) reload();
    seen.current = credited;
  }, [credited, reload]);
}
