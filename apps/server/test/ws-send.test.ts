import { describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { MAX_BUFFERED_BYTES, sendBounded } from '../src/plugins/ws-send.js';

/** The part of a ws socket sendBounded reads and calls. */
function fakeSocket(bufferedAmount: number, readyState = 1) {
  return { OPEN: 1, readyState, bufferedAmount, send: vi.fn(), terminate: vi.fn() };
}

describe('sendBounded', () => {
  it('sends while the client reads', () => {
    const socket = fakeSocket(MAX_BUFFERED_BYTES);
    expect(sendBounded(socket as unknown as WebSocket, 'pong')).toBe(true);
    expect(socket.send).toHaveBeenCalledWith('pong');
    expect(socket.terminate).not.toHaveBeenCalled();
  });

  it('issue 14 #9: drops a client that let more than the bound pile up unread instead of buffering more', () => {
    const socket = fakeSocket(MAX_BUFFERED_BYTES + 1);
    expect(sendBounded(socket as unknown as WebSocket, 'pong')).toBe(false);
    expect(socket.send).not.toHaveBeenCalled();
    expect(socket.terminate).toHaveBeenCalledTimes(1);
  });

  it('sends nothing on a socket that is closing', () => {
    const socket = fakeSocket(0, 2);
    expect(sendBounded(socket as unknown as WebSocket, 'pong')).toBe(false);
    expect(socket.send).not.toHaveBeenCalled();
  });
});
