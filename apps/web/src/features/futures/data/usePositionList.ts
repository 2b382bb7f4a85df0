import { useQuery } from '@tanstack/react-query';
import type { FuturesPosition } from '@exchange/contract';
import { scopes } from '../../../shared/query/keys';
import { queryClient } from '../../../shared/query/queryClient';
import { fetchPositionList } from '../api/futuresApi';
import { POSITIONS_POLL_MS } from './usePositions';

export interface PositionListState {
  rows: FuturesPosition[];
  loading: boolean;
  failed: boolean;
}

/**
 * The user's positions (one per contract, side and margin mode) while the Positions tab shows: read
 * again on each push of the private `positions` channel (its scope), polled while the socket is not live.
 */
export function usePositionList(uid: number | null, refresh: number, shown: boolean, live = false): PositionListState {
  const query = useQuery(
    {
      queryKey: [scopes.futuresPositions, 'list', uid, refresh],
      queryFn: ({ signal }) => fetchPositionList(signal),
      enabled: uid !== null && shown,
      refetchInterval: live ? false : POSITIONS_POLL_MS,
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === uid ? previous : undefined),
    },
    queryClient,
  );
  return {
    rows: uid === null ? [] : (query.data ?? []),
    loading: uid !== null && query.data === undefined && !query.isError,
    failed: uid !== null && query.data === undefined && query.isError,
  };
}
