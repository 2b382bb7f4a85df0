import { useCallback, useState } from 'react';
import type { PrivateWsChannel } from '@exchange/contract';
import { useAsync } from '../../../shared/hooks/useAsync';
import { scopes } from '../../../shared/query/keys';
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
 * user's deposits was seen, gained a confirmation or was credited (the push makes it stale), and
 * polled while a deposit is moving, slowly while the socket is live.
 */
export function useDepositHistory(uid: number, token: string | null) {
  const [awaited, setAwaited] = useState<string[]>([]);
  const live = usePrivateEvents(token, CHANNELS);
  const history = useAsync(scopes.depositHistory, String(uid), (signal) => fetchDepositHistory(uid, signal), {
    pollMs: (rows) => needsPolling(rows ?? null, awaited) && (live ? HISTORY_SAFETY_POLL_MS : HISTORY_POLL_MS),
  });
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
