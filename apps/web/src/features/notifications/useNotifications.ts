import { useCallback } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/query/queryClient';
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from './api';
import { refreshAll, SCOPE } from './useUnread';

export { useUnreadNotifications } from './useUnread';

/** The bell shows the newest few; the page lists them all, a page at a time. */
export const BELL_ITEMS = 6;
export const PAGE_SIZE = 20;

/** The newest few, for the bell's panel. */
export function useLatestNotifications(uid: number) {
  return useQuery({ queryKey: [SCOPE, 'latest', uid], queryFn: ({ signal }) => fetchNotifications(uid, BELL_ITEMS, undefined, signal) }, queryClient);
}

/** Every notification kept, a page at a time, newest first. */
export function useNotificationPages(uid: number) {
  return useInfiniteQuery(
    {
      queryKey: [SCOPE, 'pages', uid],
      queryFn: ({ signal, pageParam }) => fetchNotifications(uid, PAGE_SIZE, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_before ?? undefined,
    },
    queryClient,
  );
}

/** Mark one or all read; every list and the count are asked again. */
export function useMarkRead(uid: number) {
  const one = useCallback(
    async (id: string) => {
      await markNotificationRead(uid, id);
      refreshAll();
    },
    [uid],
  );
  const all = useCallback(async () => {
    await markAllNotificationsRead(uid);
    refreshAll();
  }, [uid]);
  return { one, all };
}
