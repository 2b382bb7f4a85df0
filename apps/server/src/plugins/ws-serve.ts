import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { wsClose, wsErrorCodes, type WsErrorEvent } from '@exchange/contract';
import type { WsAddressCap } from './ws-address-cap.js';
import { sendBounded } from './ws-send.js';

export interface SocketHandlers {
  /** One client frame; may be async (the private login awaits the token check). */
  message(raw: Buffer, isBinary: boolean): void | Promise<void>;
  close(): void;
}

/**
 * Serves one websocket connection for both routes: admits it under the per-address cap, and turns
 * an exception in any handler, sync or async, into an error event and a 1011 close of this socket
 * alone. A listener of `ws` that throws would otherwise take the whole process down.
 */
export function serveSocket(socket: WebSocket, request: FastifyRequest, cap: WsAddressCap, handlers: SocketHandlers): void {
  const address = request.ip;
  if (!cap.admit(address)) {
    request.log.warn({ address }, 'websocket refused: too many connections from this address');
    socket.close(wsClose.tooManyConnections.code, wsClose.tooManyConnections.reason);
    return;
  }
  let failed = false;
  // Logs the error object only: a frame may hold a session token, so none is ever logged.
  const fail = (err: unknown): void => {
    request.log.error({ err, route: request.routeOptions.url }, 'websocket handler failed; its socket is closed');
    if (failed) return;
    failed = true;
    if (socket.readyState !== socket.OPEN) return;
    const event: WsErrorEvent = { event: 'error', code: wsErrorCodes.internalError, msg: 'Internal error' };
    sendBounded(socket, JSON.stringify(event));
    socket.close(wsClose.internalError.code, wsClose.internalError.reason);
  };
  socket.on('message', (raw: Buffer, isBinary: boolean) => {
    if (failed) return;
    try {
      const result = handlers.message(raw, isBinary);
      if (result instanceof Promise) result.catch(fail);
    } catch (err) {
      fail(err);
    }
  });
  socket.on('close', () => {
    cap.release(address);
    try {
      handlers.close();
    } catch (err) {
      fail(err);
    }
  });
}
