import type { PrivateWsChannel } from '@exchange/contract';
import { usePrivateEvents } from '../../shared/hooks/usePrivateEvents';
import { refreshAll } from './useUnread';

const CHANNELS: readonly PrivateWsChannel[] = ['notifications'];

/**
 * Listens on the private websocket's `notifications` channel and asks the count and the lists again
 * on each push. A component of its own, loaded after the page: the socket client stays off the landing route's budget.
 */
export default function BellLive({ token }: { token: string }) {
  usePrivateEvents(token, CHANNELS, refreshAll);
  return null;
}
