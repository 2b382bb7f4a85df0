import { useEffect, useRef, useState } from 'react';
import type { PrivateWsChannel } from '@exchange/contract';
import { connectPrivateSocket, privateSocketUrl, type PrivateHandler } from '../api/privateSocket';
import { queryClient } from '../query/queryClient';
import { invalidateAfterPush } from '../query/privateInvalidation';

const ignore: PrivateHandler = () => undefined;

/**
 * Streams the user's own events on `channels` while signed in; each push makes the cached answers
 * it changes stale (privateInvalidation.ts), then reaches `onPush`, which may change freely.
 * Answers whether the stream is live, so a page can poll while it is not.
 */
export function usePrivateEvents(token: string | null, channels: readonly PrivateWsChannel[], onPush: PrivateHandler = ignore): boolean {
  const handler = useRef(onPush);
  const [live, setLive] = useState(false);
  useEffect(() => {
    handler.current = onPush;
  }, [onPush]);
  // A new array each render must not reconnect: the channels' names are the identity.
  const key = channels.join(',');
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return undefined;
    const stop = connectPrivateSocket({
      url: privateSocketUrl(),
      token,
      channels: key.split(',') as PrivateWsChannel[],
      onPush: (channel, data) => {
        void invalidateAfterPush(queryClient, channel);
        handler.current(channel, data);
      },
      onLive: setLive,
    });
    return () => {
      stop();
      setLive(false);
    };
  }, [token, key]);
  return live;
}
