import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { createBookFeed, type FeedSnapshot } from '../src/shared/trading/order-book/bookFeed';
import {
  MAX_RECONNECT_ATTEMPTS,
  initialConnection,
  isStale,
  reconnectDelay,
  restRetryDelay,
  statusLabel,
  statusOf,
  transition,
  type ConnectionEvent,
  type ConnectionState,
} from '../src/shared/trading/order-book/connection';
import type { Book } from '../src/shared/trading/order-book/types';
import { FakeSocket } from './spot-order-book-test-utils';
import { i18n } from '../src/shared/i18n/i18n';

afterEach(cleanup);

function run(...events: ConnectionEvent[]): ConnectionState {
  return events.reduce(transition, initialConnection);
}

describe('connection state machine', () => {
  it('backs off 1, 2, 4, 8, 10 s and retries REST after 2, 4, 8 s', () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 10_000]);
    expect([1, 2, 3].map(restRetryDelay)).toEqual([2000, 4000, 8000]);
  });

  it('goes connecting → connected → reconnecting with attempt numbers', () => {
    expect(statusOf(initialConnection)).toBe('disconnected');
    expect(statusOf(run('start'))).toBe('connecting');
    expect(statusOf(run('start', 'socketOpen'))).toBe('connected');
    const dropped = run('start', 'socketOpen', 'socketClosed', 'socketClosed');
    expect(statusOf(dropped)).toBe('reconnecting');
    expect(dropped.attempt).toBe(2);
    expect(run('start', 'socketClosed', 'socketOpen').attempt).toBe(0);
  });

  it(`falls back to REST after ${MAX_RECONNECT_ATTEMPTS} failed reconnects`, () => {
    const closes = Array<ConnectionEvent>(MAX_RECONNECT_ATTEMPTS).fill('socketClosed');
    expect(statusOf(run('start', ...closes))).toBe('reconnecting');
    expect(statusOf(run('start', ...closes, 'socketClosed'))).toBe('fallback');
  });

  it('reports REST exhaustion as error while the socket still tries, failed once it gave up', () => {
    const closes = Array<ConnectionEvent>(MAX_RECONNECT_ATTEMPTS + 1).fill('socketClosed');
    expect(statusOf(run('start', 'restFailed'))).toBe('error');
    expect(statusOf(run('start', 'restFailed', 'socketOpen'))).toBe('connected');
    expect(statusOf(run('start', ...closes, 'restFailed'))).toBe('failed');
    expect(statusOf(run('start', ...closes, 'restFailed', 'restOk'))).toBe('fallback');
    expect(statusOf(run('start', 'restFailed', 'stop'))).toBe('disconnected');
  });

  it('labels every status', () => {
    expect(i18n._(statusLabel('connected', 0))).toBe('Live');
    expect(i18n._(statusLabel('connecting', 0))).toBe('Connecting...');
    expect(i18n._(statusLabel('reconnecting', 3))).toBe('Reconnecting (Attempt 3)...');
    expect(i18n._(statusLabel('disconnected', 0))).toBe('Disconnected');
    expect(i18n._(statusLabel('error', 0))).toBe('Error');
    expect(i18n._(statusLabel('failed', 0))).toBe('Failed');
    expect(i18n._(statusLabel('fallback', 0))).toBe('Live (REST)');
  });

  it('is stale after 20 s without socket data, or 30 s without REST data in fallback', () => {
    const open = run('start', 'socketOpen');
    expect(isStale(open, 20_000, 0, 0)).toBe(false);
    expect(isStale(open, 20_001, 0, 0)).toBe(true);
    const fallback = run('start', ...Array<ConnectionEvent>(MAX_RECONNECT_ATTEMPTS + 1).fill('socketClosed'));
    expect(isStale(fallback, 30_000, 0, 0)).toBe(false);
    expect(isStale(fallback, 30_001, 0, 0)).toBe(true);
    expect(isStale(run('start'), 60_000, 0, 0)).toBe(false);
  });
});

describe('createBookFeed', () => {
  const book: Book = { asks: [{ price: 101, amount: 1 }], bids: [{ price: 99, amount: 1 }] };
  let snapshots: FeedSnapshot[];

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.reset();
    snapshots = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function makeFeed(fetchBook: (instId: string, signal: AbortSignal) => Promise<Book>) {
    return createBookFeed({
      instId: 'BTC-USDT',
      onChange: (snapshot) => snapshots.push(snapshot),
      createSocket: (url) => new FakeSocket(url),
      socketUrl: () => 'ws://test/ws/public',
      fetchBook,
      now: () => Date.now(),
    });
  }
  const last = () => snapshots.at(-1) as FeedSnapshot;

  it('subscribes to books5 and trades and polls REST every 10 s', async () => {
    const fetchBook = vi.fn(async () => book);
    const feed = makeFeed(fetchBook);
    feed.start();
    FakeSocket.latest().open();
    expect(JSON.parse(FakeSocket.latest().sent[0] ?? '')).toEqual({
      op: 'subscribe',
      args: [
        { channel: 'books5', instId: 'BTC-USDT' },
        { channel: 'trades', instId: 'BTC-USDT' },
      ],
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBook).toHaveBeenCalledTimes(1);
    expect(last().book).toEqual(book);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchBook).toHaveBeenCalledTimes(2);
    feed.stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchBook).toHaveBeenCalledTimes(2);
    expect(FakeSocket.latest().closed).toBe(true);
  });

  it('retries REST 3 times with doubling delay from 2 s, then reports the error', async () => {
    const fetchBook = vi.fn(async (): Promise<Book> => {
      throw new Error('down');
    });
    makeFeed(fetchBook).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchBook).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchBook).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchBook).toHaveBeenCalledTimes(3);
    expect(last().status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(8000);
    expect(fetchBook).toHaveBeenCalledTimes(4);
    expect(last().status).toBe('error');
  });

  it('marks socket data stale after 20 s of silence, checked every 10 s', async () => {
    makeFeed(async () => book).start();
    const socket = FakeSocket.latest();
    socket.open();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(last().stale).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last().stale).toBe(true);
    socket.push('books5', 'BTC-USDT', [{ asks: [['101', '2', '0', '1']], bids: [], ts: '1' }]);
    expect(last().stale).toBe(false);
  });

  it('halts as failed when REST fails and the socket gives up, until retry', async () => {
    FakeSocket.refuse = true;
    const fetchBook = vi.fn(async (): Promise<Book> => {
      throw new Error('down');
    });
    const feed = makeFeed(fetchBook);
    feed.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 10_000);
    expect(last().status).toBe('failed');
    const calls = fetchBook.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchBook).toHaveBeenCalledTimes(calls);
    FakeSocket.refuse = false;
    fetchBook.mockResolvedValue(book);
    feed.retry();
    expect(last().status).toBe('connecting');
    FakeSocket.latest().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(last()).toMatchObject({ status: 'connected', book });
  });
});
