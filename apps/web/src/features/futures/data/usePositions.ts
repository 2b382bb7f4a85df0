import { useCallback, useRef, useState } from 'react';
import type { FuturesPositionRow } from '@exchange/contract';
import { fetchUserFutures } from '../api/futuresApi';
import { useVisiblePoll } from './useVisiblePoll';

/** Positions refresh this often while the page shows, until the private positions channel carries them (issue 14). */
export const POSITIONS_POLL_MS = 3000;

export interface PositionsState {
  rows: FuturesPositionRow[];
  loading: boolean;
  /** Nothing could be loaded yet (spec 2 §4); a failed refresh keeps the rows. */
  failed: boolean;
}

/** Rows that were open at the last poll and are liquidated now. */
export function newlyLiquidated(previous: readonly FuturesPositionRow[] | null, next: readonly FuturesPositionRow[]): FuturesPositionRow[] {
  if (!previous) return [];
  const open = new Set(previous.filter((row) => row.status === 'active' || row.status === 'pending').map((row) => row.future_id));
  return next.filter((row) => row.status === 'liquidated' && open.has(row.future_id));
}

/**
 * The user's positions, polled every 3 s while the page shows and at once when `refresh` changes;
 * `onLiquidated` hears of each position that was open at the previous answer and is liquidated now.
 */
export function usePositions(
  uid: number | null,
  refresh: number,
  onLiquidated: (rows: FuturesPositionRow[]) => void,
): PositionsState {
  const [answer, setAnswer] = useState<{ uid: number; rows: FuturesPositionRow[] | null; failed: boolean } | null>(null);
  const last = useRef<{ uid: number; rows: FuturesPositionRow[] } | null>(null);
  const tick = useCallback(
    async (signal: AbortSignal) => {
      if (uid === null) return;
      try {
        const rows = await fetchUserFutures(uid, signal);
        if (signal.aborted) return;
        const previous = last.current?.uid === uid ? last.current.rows : null;
        const liquidated = newlyLiquidated(previous, rows);
        last.current = { uid, rows };
        setAnswer({ uid, rows, failed: false });
        if (liquidated.length > 0) onLiquidated(liquidated);
      } catch {
        if (!signal.aborted) setAnswer((previous) => (previous?.uid === uid ? { ...previous, failed: previous.rows === null } : { uid, rows: null, failed: true }));
      }
    },
    [uid, onLiquidated],
  );
  useVisiblePoll(uid === null ? null : `${uid}:${refresh}`, POSITIONS_POLL_MS, tick);
  const current = answer && answer.uid === uid ? answer : null;
  return { rows: current?.rows ?? [], loading: uid !== null && current === null, failed: current?.failed ?? false };
}
