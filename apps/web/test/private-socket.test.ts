import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectPrivateSocket } from '../src/shared/api/privateSocket';
import type { SocketLike } from '../src/shared/market/publicSocket';

/** A socket the test drives: what the client sent, and whether (and how often) it was closed. */
function socketFactory() {
  const sockets: (SocketLike & { sent: string[]; closed: number })[] = [];
  const create = () => {
    const s = {
      readyState: 1,
      sent: [] as string[],
      closed: 0,
      send(data: string) {
        this.sent.push(data);
      },
      close() {
        this.closed += 1;
        this.onclose?.({});
      },
      onopen: null,
      onmessage: null,
      onclose: null,
      onerror: null,
    } as SocketLike & { sent: string[]; closed: number };
    sockets.push(s);
    return s;
  };
  return { sockets, create };
}

const push = (s: SocketLike, message: unknown) => s.onmessage?.({ data: JSON.stringify(message) });

describe('the private socket', () => {
  afterEach(() => vi.useRealTimers());

  it('logs in, subscribes to the page’s channels once the login is accepted, and says it is live', () => {
    const { sockets, create } = socketFactory();
    const live: boolean[] = [];
    const stop = connectPrivateSocket({ url: 'ws://x', token: 't', channels: ['withdrawals'], onPush: () => undefined, onLive: (l) => live.push(l), createSocket: create });
    const s = sockets[0];
    if (!s) throw new Error('no socket');
    s.onopen?.({});
    expect(JSON.parse(s.sent[0] ?? '{}')).toMatchObject({ op: 'login' });
    push(s, { event: 'login', code: '0' });
    expect(s.sent.map((m) => (m === 'ping' ? m : JSON.parse(m).op))).toContain('subscribe');
    expect(live).toEqual([true]);
    stop();
  });

  it('closes, and stays down for the page to poll, when the server answers the login with an error (issue 14 #12)', () => {
    vi.useFakeTimers();
    const { sockets, create } = socketFactory();
    const live: boolean[] = [];
    connectPrivateSocket({ url: 'ws://x', token: 'ended', channels: ['orders'], onPush: () => undefined, onLive: (l) => live.push(l), createSocket: create });
    const s = sockets[0];
    if (!s) throw new Error('no socket');
    s.onopen?.({});
    push(s, { event: 'error', code: '60009', msg: 'Login failed' });
    expect(s.closed).toBe(1);
    expect(live).toEqual([false]);
    vi.advanceTimersByTime(60_000);
    // The same token would be refused again: no new socket.
    expect(sockets).toHaveLength(1);
  });
});
