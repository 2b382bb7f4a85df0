import { useEffect, useRef } from 'react';
import type { WithdrawalRecord } from '@exchange/contract';
import { isFinalWithdrawal } from '../model/status';

/** Calls `reload` when a withdrawal reaches its end: a failed, rejected or cancelled one gives its hold back. */
export function useReloadOnSettle(records: readonly WithdrawalRecord[] | null, reload: () => void): void {
  const settled = records
    ?.filter((record) => isFinalWithdrawal(record.status))
    .map((record) => record.id)
    .join(',');
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (settled === undefined) return;
    if (seen.current !== undefined && seen.current !== settled) reload();
    seen.current = settled;
  }, [settled, reload]);
}
