import { useEffect } from 'react';
import type { PrivateWsChannel } from '@exchange/contract';
import { usePrivateEvents } from '../../shared/hooks/usePrivateEvents';
import { refreshAll, useUnreadNotifications } from './useUnread';

const CHANNELS: readonly PrivateWsChannel[] = ['notifications'];

/**
 * The bell's live part: the unread count (asked on a timer and again on each push of the private
 * websocket's `notifications` channel), handed to the header. A component of its own, loaded after
 * the page: the query library and the socket client stay off the landing route's budget.
 */
export default function BellLive({ token, uid, onUnread }: { token: string; uid: number; onUnread: (unread: number) => void }) {
  const live = usePrivateEvents(token, CHANNELS, refreshAll);
  // A notification made between the first count and the socket going live was pushed to no socket:
  // the count is asked again once the stream is live, not a minute later on the timer.
  useEffect(() => {
    if (live) refreshAll();
  }, [live]);
  const unread = useUnreadNotifications(uid);
  useEffect(() => onUnread(unread), [unread, onUnread]);
  return null;
}
