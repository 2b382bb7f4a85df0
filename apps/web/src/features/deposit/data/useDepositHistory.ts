import { useCallback, useState } from 'react';
import type { PrivateWsChannel } from '@exchange/contract';
import { useAsync } from '../../../shared/hooks/useAsync';
import { usePolling } from '../../../shared/hooks/usePolling';
import { usePrivateEvents } from '../../../shared/hooks/usePrivateEvents';
import { fetchDepositHistory } from '../api/depositApi';
import { needsPolling } from '../model/status';

/** Without the private socket, confirmations are fetched at the pace of the simulated chain's blocks. */
export const HISTORY_POLL_MS = 3_000;
/** With the socket live every change is pushed; a slow poll still catches one that was lost. */
export const HISTORY_SAFETY_POLL_MS = 30_000;

const CHANNELS: readonly PrivateWsChannel[] = ['deposits'];

/**
 * The deposit history: reloaded whenever the private websocket's "deposits" channel says one of the
 * user's deposits was seen, gained a confirmation or was credited, and polled while a deposit is
 * moving and the socket is down.
 */
export function useDepositHistory(uid: number, token: string | null) {
  const history = useAsync('deposit-history', String(uid), (signal) => fetchDepositHistory(uid, signal));
  const [awaited, setAwaited] = useState<string[]>([]);
  const { reload } = history;
  const live = usePrivateEvents(token, CHANNELS, reload);
  usePolling(needsPolling(history.data, awaited), live ? HISTORY_SAFETY_POLL_MS : HISTORY_POLL_MS, reload);
  const expect = useCallback(
    (txHash: string) => {
      setAwaited((hashes) => [...hashes, txHash]);
      reload();
    },
    [reload],
  );
  return { ...history, expect };
}
