import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Fanout, textFrame, writeFrameBounded } from '../src/plugins/ws-fanout.js';
import { MAX_BUFFERED_BYTES } from '../src/plugins/ws-send.js';

/** The part of a ws socket the fan-out reads and calls, its TCP socket's writes recorded. */
function fakeSocket(bufferedAmount = 0, readyState = 1) {
  const written: Buffer[] = [];
  const socket = { OPEN: 1, readyState, bufferedAmount, terminate: vi.fn(), _socket: { write: (b: Buffer) => written.push(b) } };
  return { socket: socket as unknown as WebSocket, written, terminate: socket.terminate };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('textFrame', () => {
  let server: WebSocketServer;
  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
  });
  afterAll(() => server.close());

  it('is a text frame a ws client reads, at each of the three length forms, after a frame ws sent itself', async () => {
    const texts = ['hi', 'é'.repeat(100), 'x'.repeat(70_000)];
    server.once('connection', (socket) => {
      socket.send('first');
      for (const text of texts) expect(writeFrameBounded(socket, textFrame(text))).toBe(true);
    });
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const got: { text: string; binary: boolean }[] = [];
    client.on('message', (data: Buffer, binary: boolean) => got.push({ text: data.toString('utf8'), binary }));
    await vi.waitFor(() => expect(got).toHaveLength(4));
    client.close();
    expect(got).toEqual(['first', ...texts].map((text) => ({ text, binary: false })));
  });
});

describe('Fanout', () => {
  it('writes the first batch at once and the rest in later turns, in the order sent', async () => {
    const sockets = Array.from({ length: 5 }, () => fakeSocket());
    const fanout = new Fanout(2);
    fanout.send('a', new Set(sockets.map((s) => s.socket)));
    fanout.send('b', new Set(sockets.slice(0, 1).map((s) => s.socket)));
    expect(sockets.map((s) => s.written.length)).toEqual([1, 1, 0, 0, 0]);
    await turn();
    expect(sockets.map((s) => s.written.length)).toEqual([1, 1, 1, 1, 0]);
    await turn();
    expect(sockets.map((s) => s.written.map((b) => b.subarray(2).toString()))).toEqual([['a', 'b'], ['a'], ['a'], ['a'], ['a']]);
  });

  it('drain writes everything queued now; a socket that left the topic meanwhile gets nothing', () => {
    const [stays, leaves] = [fakeSocket(), fakeSocket()];
    const members = new Set([stays.socket, leaves.socket]);
    const fanout = new Fanout(0);
    fanout.send('a', members);
    members.delete(leaves.socket);
    fanout.drain();
    expect(stays.written).toHaveLength(1);
    expect(leaves.written).toHaveLength(0);
  });

  it('writes at once past its bound of queued writes, rather than queueing more', () => {
    const sockets = Array.from({ length: 3 }, () => fakeSocket());
    const fanout = new Fanout(1, 4);
    const members = new Set(sockets.map((s) => s.socket));
    fanout.send('a', members);
    expect(sockets.map((s) => s.written.length)).toEqual([1, 0, 0]);
    fanout.send('b', members);
    expect(sockets.map((s) => s.written.length)).toEqual([2, 2, 2]);
    fanout.close();
  });

  it('issue 14 #9: drops a client with more than the bound unread instead of writing to it; skips a closing one', () => {
    const slow = fakeSocket(MAX_BUFFERED_BYTES + 1);
    const closing = fakeSocket(0, 2);
    const reading = fakeSocket(MAX_BUFFERED_BYTES);
    new Fanout().send('a', new Set([slow.socket, closing.socket, reading.socket]));
    expect(slow.written).toHaveLength(0);
    expect(slow.terminate).toHaveBeenCalledTimes(1);
    expect(closing.written).toHaveLength(0);
    expect(closing.terminate).not.toHaveBeenCalled();
    expect(reading.written).toHaveLength(1);
  });

  it('close forgets what is queued', async () => {
    const sockets = [fakeSocket(), fakeSocket()];
    const fanout = new Fanout(1);
    fanout.send('a', new Set(sockets.map((s) => s.socket)));
    fanout.close();
    await turn();
    expect(sockets.map((s) => s.written.length)).toEqual([1, 0]);
  });
});
