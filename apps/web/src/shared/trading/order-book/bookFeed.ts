import { PING_INTERVAL_MS, type SocketLike } from '../../market/publicSocket';
import {
  REST_POLL_MS,
  REST_RETRIES,
  STALE_CHECK_MS,
  initialConnection,
  isStale,
  reconnectDelay,
  restRetryDelay,
  statusOf,
  transition,
  type ConnectionEvent,
  type ConnectionStatus,
} from './connection';
import { mergeBooks5 } from './merge';
import { parseBook, parseTrades } from './parse';
import { addTrades } from './trades';
import { createBrowserSocket, fetchRestBook, publicSocketUrl } from './transport';
import type { Book, Trade } from './types';

const OPEN = 1;
/** A hung REST call must not block the poll loop forever. */
export const REST_TIMEOUT_MS = 8000;

export interface FeedSnapshot {
  status: ConnectionStatus;
  attempt: number;
  stale: boolean;
  /** null until the first REST answer or books5 push. */
  book: Book | null;
  trades: Trade[];
}

export interface BookFeedOptions {
  instId: string;
  onChange: (snapshot: FeedSnapshot) => void;
  createSocket?: (url: string) => SocketLike;
  socketUrl?: () => string;
  fetchBook?: (instId: string, signal: AbortSignal) => Promise<Book>;
  now?: () => number;
}

export interface BookFeed {
  start(): void;
  /** Drops everything and connects again from scratch (the Retry Connection button). */
  retry(): void;
  stop(): void;
}

/**
 * The order book's data source. It owns a dedicated /ws/public connection (the shared client
 * hides its reconnect attempts, which this widget must show and cap) subscribed to books5 and
 * trades, and polls the REST book on start and every 10 s in every state: REST supplies levels
 * 6–8 that books5 lacks, books5 pushes are merged over the top 5 in between, and once the socket
 * gives up after 5 reconnects the same poll is the REST fallback.
 */
export function createBookFeed(options: BookFeedOptions): BookFeed {
  const { instId, onChange } = options;
  const createSocket = options.createSocket ?? createBrowserSocket;
  const socketUrl = options.socketUrl ?? publicSocketUrl;
  const fetchBook = options.fetchBook ?? fetchRestBook;
  const now = options.now ?? Date.now;

  let state = initialConnection;
  let book: Book | null = null;
  let trades: Trade[] = [];
  let stale = false;
  let lastSocketData = 0;
  let lastRestData = 0;
  let socket: SocketLike | null = null;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let staleTimer: ReturnType<typeof setInterval> | undefined;
  let request: AbortController | null = null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  // Bumped on every halt so callbacks of an earlier run cannot touch the current one.
  let run = 0;

  function emit(): void {
    onChange({ status: statusOf(state), attempt: state.attempt, stale, book, trades });
  }

  function dispatch(event: ConnectionEvent): void {
    state = transition(state, event);
  }

  function later(ms: number, task: () => void): void {
    const owner = run;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (owner === run) task();
    }, ms);
    timers.add(timer);
  }

  function closeSocket(): void {
    clearInterval(pingTimer);
    pingTimer = undefined;
    const current = socket;
    socket = null;
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    current.close();
  }

  function halt(): void {
    run += 1;
    timers.forEach(clearTimeout);
    timers.clear();
    clearInterval(staleTimer);
    staleTimer = undefined;
    request?.abort();
    request = null;
    closeSocket();
  }

  function onMessage(raw: unknown): void {
    if (typeof raw !== 'string' || raw === 'pong') return;
    let message: { arg?: { channel?: unknown; instId?: unknown }; data?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      return;
    }
    if (message.arg?.instId !== instId || !Array.isArray(message.data)) return;
    if (message.arg.channel === 'books5') {
      const top = parseBook(message.data[0]);
      if (!top) return;
      book = mergeBooks5(book, top);
    } else if (message.arg.channel === 'trades') {
      trades = addTrades(trades, parseTrades(message.data));
    } else {
      return;
    }
    lastSocketData = now();
    stale = staleNow();
    emit();
  }

  function onSocketClosed(): void {
    socket = null;
    clearInterval(pingTimer);
    dispatch('socketClosed');
    if (state.socket === 'reconnecting') later(reconnectDelay(state.attempt), openSocket);
    if (statusOf(state) === 'failed') halt();
    emit();
  }

  function openSocket(): void {
    let current: SocketLike;
    try {
      current = createSocket(socketUrl());
    } catch {
      onSocketClosed();
      return;
    }
    socket = current;
    current.onopen = () => {
      dispatch('socketOpen');
      lastSocketData = now();
      stale = staleNow();
      const args = [
        { channel: 'books5', instId },
        { channel: 'trades', instId },
      ];
      current.send(JSON.stringify({ op: 'subscribe', args }));
      pingTimer = setInterval(() => {
        if (current.readyState === OPEN) current.send('ping');
      }, PING_INTERVAL_MS);
      emit();
    };
    current.onmessage = (event) => onMessage(event.data);
    current.onclose = onSocketClosed;
    current.onerror = () => {
      // The close event that follows an error drives the reconnect.
    };
  }

  async function poll(retry: number): Promise<void> {
    const owner = run;
    const controller = new AbortController();
    request = controller;
    const timeout = setTimeout(() => controller.abort(), REST_TIMEOUT_MS);
    try {
      const snapshot = await fetchBook(instId, controller.signal);
      if (owner !== run) return;
      book = snapshot;
      lastRestData = now();
      dispatch('restOk');
      stale = staleNow();
      later(REST_POLL_MS, () => void poll(0));
    } catch {
      if (owner !== run) return;
      if (retry < REST_RETRIES) {
        later(restRetryDelay(retry + 1), () => void poll(retry + 1));
        return;
      }
      dispatch('restFailed');
      if (statusOf(state) === 'failed') halt();
      else later(REST_POLL_MS, () => void poll(0));
    } finally {
      clearTimeout(timeout);
      if (request === controller) request = null;
    }
    emit();
  }

  function staleNow(): boolean {
    return isStale(state, now(), lastSocketData, lastRestData);
  }

  function checkStale(): void {
    const next = staleNow();
    if (next === stale) return;
    stale = next;
    emit();
  }

  function start(): void {
    if (state.socket !== 'idle') return;
    dispatch('start');
    book = null;
    trades = [];
    stale = false;
    lastSocketData = lastRestData = now();
    staleTimer = setInterval(checkStale, STALE_CHECK_MS);
    openSocket();
    void poll(0);
    emit();
  }

  return {
    start,
    retry() {
      halt();
      dispatch('stop');
      start();
    },
    stop() {
      halt();
      dispatch('stop');
    },
  };
}
