import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, createPublicSocket, instIdOf, type SocketLike } from '../src/shared/market/publicSocket';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(channel: string, instId: string, data: unknown[]) {
    this.onmessage?.({ data: JSON.stringify({ arg: { channel, instId }, data }) });
  }
  json() {
    return this.sent.filter((text) => text !== 'ping').map((text) => JSON.parse(text) as unknown);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const client = createPublicSocket({
    url: 'ws://test/ws/public',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
  return { client, sockets, latest: () => sockets[sockets.length - 1] as FakeSocket };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('publicSocket', () => {
  it('backs off 1 s × 2^n up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(instIdOf('btc')).toBe('BTC-USDT');
  });

  it('shares one connection and subscribes each (channel, instId) once', () => {
    const { client, sockets, latest } = setup();
    const a = vi.fn();
    const b = vi.fn();
    const offA = client.subscribe('tickers', 'BTC-USDT', a);
    const offB = client.subscribe('tickers', 'BTC-USDT', b);
    client.subscribe('trades', 'ETH-USDT', vi.fn());
    expect(sockets).toHaveLength(1);
    latest().open();
    expect(latest().json()).toEqual([
      {
        op: 'subscribe',
        args: [
          { channel: 'tickers', instId: 'BTC-USDT' },
          { channel: 'trades', instId: 'ETH-USDT' },
        ],
      },
    ]);
    latest().push('tickers', 'BTC-USDT', [{ last: '1' }]);
    latest().push('tickers', 'SOL-USDT', [{ last: '2' }]);
    expect(a).toHaveBeenCalledWith([{ last: '1' }]);
    expect(b).toHaveBeenCalledTimes(1);

    offA();
    expect(latest().json()).toHaveLength(1);
    offB();
    expect(latest().json()[1]).toEqual({ op: 'unsubscribe', args: [{ channel: 'tickers', instId: 'BTC-USDT' }] });
    latest().push('tickers', 'BTC-USDT', [{ last: '3' }]);
    expect(a).toHaveBeenCalledTimes(1);
  });

  it('subscribes late listeners on the open connection', () => {
    const { client, latest } = setup();
    client.subscribe('tickers', 'BTC-USDT', vi.fn());
    latest().open();
    client.subscribe('books5', 'BTC-USDT', vi.fn());
    expect(latest().json()[1]).toEqual({ op: 'subscribe', args: [{ channel: 'books5', instId: 'BTC-USDT' }] });
  });

  it('reconnects with backoff and re-subscribes everything', () => {
    const { client, sockets, latest } = setup();
    const handler = vi.fn();
    client.subscribe('tickers', 'BTC-USDT', handler);
    latest().drop();
    expect(client.status()).toBe('reconnecting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    latest().open();
    expect(client.status()).toBe('open');
    expect(latest().json()).toEqual([{ op: 'subscribe', args: [{ channel: 'tickers', instId: 'BTC-USDT' }] }]);
    latest().push('tickers', 'BTC-USDT', [{ last: '9' }]);
    expect(handler).toHaveBeenCalledTimes(1);
    // A successful open resets the backoff.
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('pings every 20 s and ignores pong and junk', () => {
    const { client, latest } = setup();
    const handler = vi.fn();
    client.subscribe('tickers', 'BTC-USDT', handler);
    latest().open();
    vi.advanceTimersByTime(20_000);
    expect(latest().sent.filter((text) => text === 'ping')).toHaveLength(1);
    vi.advanceTimersByTime(20_000);
    expect(latest().sent.filter((text) => text === 'ping')).toHaveLength(2);
    latest().onmessage?.({ data: 'pong' });
    latest().onmessage?.({ data: '{not json' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('closes once idle and does not reconnect without listeners', () => {
    const { client, sockets, latest } = setup();
    const off = client.subscribe('tickers', 'BTC-USDT', vi.fn());
    latest().open();
    off();
    vi.advanceTimersByTime(5000);
    expect(latest().closed).toBe(true);
    expect(client.status()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});
