import { useQuery } from '@tanstack/react-query';
import type { FuturesPosition } from '@exchange/contract';
import { queryClient } from '../../../shared/query/queryClient';
import { fetchPositionList } from '../api/futuresApi';
import { POSITIONS_POLL_MS } from './usePositions';

export interface PositionListState {
  rows: FuturesPosition[];
  loading: boolean;
  failed: boolean;
}

/** The user's positions (one per contract, side and margin mode), polled while the Positions tab shows. */
export function usePositionList(uid: number | null, refresh: number, shown: boolean): PositionListState {
  const query = useQuery(
    {
      queryKey: ['futures-position-list', uid, refresh],
      queryFn: ({ signal }) => fetchPositionList(signal),
      enabled: uid !== null && shown,
      refetchInterval: POSITIONS_POLL_MS,
      placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === uid ? previous : undefined),
    },
    queryClient,
  );
  return {
    rows: uid === null ? [] : (query.data ?? []),
    loading: uid !== null && query.data === undefined && !query.isError,
    failed: uid !== null && query.data === undefined && query.isError,
  };
}
