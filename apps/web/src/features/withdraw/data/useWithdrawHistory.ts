import { useCallback, useState } from 'react';
import { withdrawalRecord, type PrivateWsChannel, type WithdrawalRecord } from '@exchange/contract';
import { useAsync } from '../../../shared/hooks/useAsync';
import { usePrivateEvents } from '../../../shared/hooks/usePrivateEvents';
import { fetchWithdrawHistory } from '../api/withdrawApi';
import { hasMovingWithdrawal, rememberRows, withPushedRows } from '../model/status';

/** Without the private socket, statuses and confirmations are fetched at the pace of the simulated chain's blocks. */
export const HISTORY_POLL_MS = 3_000;
/** With the socket live the pushes carry every change; a slow poll still catches one that was lost. */
export const HISTORY_SAFETY_POLL_MS = 30_000;

const CHANNELS: readonly PrivateWsChannel[] = ['withdrawals'];

function pushedRows(data: unknown[]): WithdrawalRecord[] {
  return data.flatMap((item) => {
    const parsed = withdrawalRecord.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The withdrawal history, kept live by the private websocket's "withdrawals" channel, and polled
 * while a withdrawal is still moving, slowly while the socket is live.
 */
export function useWithdrawHistory(uid: number, token: string | null) {
  const [pushed, setPushed] = useState<WithdrawalRecord[]>([]);
  const onPush = useCallback((_channel: PrivateWsChannel, data: unknown[]) => {
    const rows = pushedRows(data);
    if (rows.length > 0) setPushed((known) => rememberRows(known, rows));
  }, []);
  const live = usePrivateEvents(token, CHANNELS, onPush);
  const history = useAsync('withdraw-history', String(uid), (signal) => fetchWithdrawHistory(uid, signal), {
    pollMs: (loaded) => hasMovingWithdrawal(withPushedRows(loaded ?? null, pushed)) && (live ? HISTORY_SAFETY_POLL_MS : HISTORY_POLL_MS),
  });
  const rows = withPushedRows(history.data, pushed);
  /** A withdrawal this page just made, shown at once. */
  const add = useCallback((row: WithdrawalRecord) => setPushed((known) => rememberRows(known, [row])), []);
  return { status: history.status, data: rows, reload: history.reload, add };
}
