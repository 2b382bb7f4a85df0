import { useEffect, useEffectEvent, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FuturesPositionRow } from '@exchange/contract';
import { scopes } from '../../../shared/query/keys';
import { queryClient } from '../../../shared/query/queryClient';
import { fetchUserFutures } from '../api/futuresApi';

/** The futures lists refresh this often while the private socket is not live (signed out of it, reconnecting). */
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
 * The user's orders (Order History, spec 2's rows), read at once when `refresh` changes and on each
 * push of the private `futures-orders` and `positions` channels (their scope); polled every 3 s only
 * while the socket is not `live`. `onLiquidated` hears of each position that was open at the previous
 * answer and is liquidated now.
 */
export function usePositions(
  uid: number | null,
  refresh: number,
  onLiquidated: (rows: FuturesPositionRow[]) => void,
  live = false,
): PositionsState {
  const query = useQuery(
    {
      queryKey: [scopes.futuresPositions, uid, refresh],
      queryFn: ({ signal }) => fetchUserFutures(uid ?? 0, signal),
      enabled: uid !== null,
      refetchInterval: live ? false : POSITIONS_POLL_MS,
      refetchOnWindowFocus: 'always',
      // Rows of the same user stay on screen while a refresh asked by `refresh` runs.
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === uid ? previous : undefined),
    },
    queryClient,
  );
  const rows = query.isPlaceholderData ? undefined : query.data;
  const last = useRef<{ uid: number; rows: FuturesPositionRow[] } | null>(null);
  const hear = useEffectEvent(onLiquidated);
  useEffect(() => {
    if (uid === null || !rows) return;
    const previous = last.current?.uid === uid ? last.current.rows : null;
    if (previous === rows) return;
    last.current = { uid, rows };
    const liquidated = newlyLiquidated(previous, rows);
    if (liquidated.length > 0) hear(liquidated);
  }, [uid, rows]);
  const shown = query.data;
  return {
    rows: uid === null ? [] : (shown ?? []),
    loading: uid !== null && shown === undefined && !query.isError,
    failed: uid !== null && shown === undefined && query.isError,
  };
}
