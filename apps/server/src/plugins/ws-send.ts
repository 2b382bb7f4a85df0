import type { WebSocket } from 'ws';

/** A client that lets this much pile up unread is dropped rather than buffered without end. */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Every message the server sends on a websocket, pushed or answered, goes through here: a socket
 * whose client has stopped reading (MAX_BUFFERED_BYTES queued) is terminated instead of sent more,
 * on both routes, so neither a feed nor a client's own frames (a ping each, answered by a pong) can
 * grow its buffer without end. Terminated, not closed: a close frame would queue behind the same
 * unread bytes. Returns whether the message went.
 */
export function sendBounded(socket: WebSocket, message: string): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return false;
  }
  socket.send(message);
  return true;
}
