import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FuturesClosedPosition, FuturesFundingPayment, FuturesOpenOrder, PrivateWsChannel } from '@exchange/contract';
import { usePrivateEvents } from '../../../shared/hooks/usePrivateEvents';
import { scopes } from '../../../shared/query/keys';
import { queryClient } from '../../../shared/query/queryClient';
import { fetchFundingHistory, fetchOpenOrders, fetchPositionHistory } from '../api/futuresListsApi';
import { POSITIONS_POLL_MS } from './usePositions';

const CHANNELS: readonly PrivateWsChannel[] = ['futures-orders', 'positions'];

export interface ListState<R> {
  rows: R[];
  loading: boolean;
  /** Nothing could be loaded; a failed refresh keeps the rows. */
  failed: boolean;
}

export interface PagedState<R> extends ListState<R> {
  more: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * The private socket's futures channels while the page shows: each push makes the lists it changes
 * stale (shared/query/privateInvalidation.ts), so the tabs follow without polling. Answers whether
 * it is live; the lists poll while it is not.
 */
export function useFuturesLive(token: string | null): boolean {
  return usePrivateEvents(token, CHANNELS);
}

function state<R>(uid: number | null, data: R[] | undefined, isError: boolean): ListState<R> {
  return {
    rows: uid === null ? [] : (data ?? []),
    loading: uid !== null && data === undefined && !isError,
    failed: uid !== null && data === undefined && isError,
  };
}

/** The user's resting futures orders, read while the Open Orders tab shows. */
export function useOpenOrders(uid: number | null, shown: boolean, live: boolean): ListState<FuturesOpenOrder> {
  const query = useQuery(
    {
      queryKey: [scopes.futuresOpenOrders, uid],
      queryFn: ({ signal }) => fetchOpenOrders(signal),
      enabled: uid !== null && shown,
      refetchInterval: live ? false : POSITIONS_POLL_MS,
    },
    queryClient,
  );
  return state(uid, query.data, query.isError);
}

function usePaged<R, P extends { next_before: string | null }>(
  scope: string,
  uid: number | null,
  shown: boolean,
  fetchPage: (before: string | null, signal: AbortSignal) => Promise<P>,
  rowsOf: (page: P) => R[],
): PagedState<R> {
  const query = useInfiniteQuery(
    {
      queryKey: [scope, uid],
      queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_before,
      enabled: uid !== null && shown,
    },
    queryClient,
  );
  const rows = query.data?.pages.flatMap(rowsOf);
  return {
    ...state(uid, rows, query.isError),
    more: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/** The user's closed positions, newest first, a page at a time. */
export function usePositionHistory(uid: number | null, shown: boolean): PagedState<FuturesClosedPosition> {
  return usePaged(scopes.futuresPositionHistory, uid, shown, fetchPositionHistory, (page) => page.positions);
}

/** The funding the user's positions paid or received, newest first, a page at a time. */
export function useFundingHistory(uid: number | null, shown: boolean): PagedState<FuturesFundingPayment> {
  return usePaged(scopes.futuresFundingHistory, uid, shown, fetchFundingHistory, (page) => page.payments);
}
