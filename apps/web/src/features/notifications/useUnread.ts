import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/query/queryClient';
import { scopes } from '../../shared/query/keys';
import { fetchUnread } from './unreadApi';

export const SCOPE = scopes.userNotifications;
/**
 * The account flows (password, authenticator, identity, a new device) keep their notification in
 * their own transaction and push nothing: the count is asked again at this pace while the page is visible.
 */
export const UNREAD_POLL_MS = 60_000;

/** Every list and the count asked again: a notification came, or some were marked read. */
export const refreshAll = () => void queryClient.invalidateQueries({ queryKey: [SCOPE] });

/** The unread count; BellLive keeps it live from the private websocket's `notifications` channel. */
export function useUnreadNotifications(uid: number | null): number {
  const query = useQuery(
    {
      queryKey: [SCOPE, 'unread', uid],
      queryFn: ({ signal }) => fetchUnread(uid ?? 0, signal),
      enabled: uid !== null,
      refetchInterval: UNREAD_POLL_MS,
      refetchIntervalInBackground: false,
    },
    queryClient,
  );
  return uid === null ? 0 : (query.data ?? 0);
}
