import { useCallback, useState } from 'react';
import { useAsync } from '../../../shared/hooks/useAsync';
import { usePolling } from '../../../shared/hooks/usePolling';
import { fetchDepositHistory } from '../api/depositApi';
import { needsPolling } from '../model/status';

/** Spec: confirmations count up every 3 s, the pace of the simulated TRON chain's blocks. */
export const HISTORY_POLL_MS = 3_000;

/** The deposit history, polled while a deposit is moving or a simulated one is still on its way. */
export function useDepositHistory(uid: number) {
  const history = useAsync(String(uid), (signal) => fetchDepositHistory(uid, signal));
  const [awaited, setAwaited] = useState<string[]>([]);
  usePolling(needsPolling(history.data, awaited), HISTORY_POLL_MS, history.reload);
  const { reload } = history;
  const expect = useCallback(
    (txHash: string) => {
      setAwaited((hashes) => [...hashes, txHash]);
      reload();
    },
    [reload],
  );
  return { ...history, expect };
}
