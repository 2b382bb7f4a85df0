import { useCallback } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { PrivateWsChannel } from '@exchange/contract';
import { queryClient } from '../../shared/query/queryClient';
import { usePolling } from '../../shared/hooks/usePolling';
import { usePrivateEvents } from '../../shared/hooks/usePrivateEvents';
import { fetchNotifications, fetchUnread, markAllNotificationsRead, markNotificationRead } from './api';

/** The bell shows the newest few; the page lists them all, a page at a time. */
export const BELL_ITEMS = 6;
export const PAGE_SIZE = 20;
/**
 * The account flows (password, authenticator, identity, a new device) keep their notification in
 * their own transaction and push nothing: the count is asked again at this pace while the page is visible.
 */
export const UNREAD_POLL_MS = 60_000;

const CHANNELS: readonly PrivateWsChannel[] = ['notifications'];
const SCOPE = 'user-notifications';

const refreshAll = () => void queryClient.invalidateQueries({ queryKey: [SCOPE] });

/** The unread count, kept live by the private websocket's `notifications` channel. */
export function useUnreadNotifications(uid: number | null, token: string | null): number {
  const query = useQuery({ queryKey: [SCOPE, 'unread', uid], queryFn: ({ signal }) => fetchUnread(uid ?? 0, signal), enabled: uid !== null }, queryClient);
  usePrivateEvents(uid === null ? null : token, CHANNELS, refreshAll);
  const { refetch } = query;
  usePolling(uid !== null, UNREAD_POLL_MS, () => void refetch());
  return uid === null ? 0 : (query.data ?? 0);
}

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
