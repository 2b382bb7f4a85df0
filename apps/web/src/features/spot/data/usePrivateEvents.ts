import { useEffect, useRef } from 'react';
import { connectPrivateSocket, privateSocketUrl, type PrivateHandler } from '../api/privateSocket';

/** Streams the user's order and fill events while signed in; the handler may change freely. */
export function usePrivateEvents(token: string | null, onPush: PrivateHandler): void {
  const handler = useRef(onPush);
  useEffect(() => {
    handler.current = onPush;
  }, [onPush]);
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return undefined;
    return connectPrivateSocket({ url: privateSocketUrl(), token, onPush: (channel, data) => handler.current(channel, data) });
  }, [token]);
}
