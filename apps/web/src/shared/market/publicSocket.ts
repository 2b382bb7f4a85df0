/** One pushed update of a public channel, as the OKX-style /ws/public sends it. */
export interface PublicPush<T = Record<string, unknown>> {
  arg: { channel: string; instId: string };
  data: T[];
}

export type PushHandler = (data: Record<string, unknown>[]) => void;

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** The part of the browser WebSocket the client uses; tests pass a fake. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface PublicSocketOptions {
  url: string | (() => string);
  createSocket?: (url: string) => SocketLike;
  pingMs?: number;
  /** How long a connection stays open after the last unsubscribe, so page switches reuse it. */
  idleCloseMs?: number;
}

export interface PublicSocket {
  /** Calls `handler` with every push for (channel, instId); returns the unsubscribe function. */
  subscribe(channel: string, instId: string, handler: PushHandler): () => void;
  status(): SocketStatus;
  close(): void;
}

const OPEN = 1;
export const PING_INTERVAL_MS = 20_000;
export const MAX_BACKOFF_MS = 10_000;

/** Reconnect delay after `attempt` failed tries: min(1 s × 2^n, 10 s) (spec 1 §9). */
export function backoffDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_BACKOFF_MS);
}

function keyOf(channel: string, instId: string): string {
  return `${channel}:${instId}`;
}

function parsePush(raw: unknown): PublicPush | null {
  if (typeof raw !== 'string' || raw === 'pong') return null;
  try {
    const message = JSON.parse(raw) as Partial<PublicPush>;
    if (!message.arg || typeof message.arg.channel !== 'string' || !Array.isArray(message.data)) return null;
    return message as PublicPush;
  } catch {
    return null;
  }
}

/**
 * A single shared connection to the public market socket. Subscriptions are counted per
 * (channel, instId): the server hears one subscribe however many widgets listen, and every
 * live subscription is sent again after a reconnect.
 */
export function createPublicSocket(options: PublicSocketOptions): PublicSocket {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const pingMs = options.pingMs ?? PING_INTERVAL_MS;
  const idleCloseMs = options.idleCloseMs ?? 5000;
  const handlers = new Map<string, Set<PushHandler>>();
  let socket: SocketLike | null = null;
  let state: SocketStatus = 'idle';
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function send(op: 'subscribe' | 'unsubscribe', keys: string[]): void {
    if (!socket || socket.readyState !== OPEN || keys.length === 0) return;
    const args = keys.map((key) => {
      const [channel, instId] = key.split(/:(.*)/s);
      return { channel, instId };
    });
    socket.send(JSON.stringify({ op, args }));
  }

  function stopTimers(): void {
    clearInterval(pingTimer);
    clearTimeout(reconnectTimer);
    pingTimer = undefined;
    reconnectTimer = undefined;
  }

  function connect(): void {
    clearTimeout(idleTimer);
    state = attempt === 0 ? 'connecting' : 'reconnecting';
    const url = typeof options.url === 'function' ? options.url() : options.url;
    let current: SocketLike;
    try {
      current = createSocket(url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      attempt = 0;
      state = 'open';
      send('subscribe', [...handlers.keys()]);
      pingTimer = setInterval(() => {
        if (current.readyState === OPEN) current.send('ping');
      }, pingMs);
    };
    current.onmessage = (event) => {
      const push = parsePush(event.data);
      if (!push) return;
      const listeners = handlers.get(keyOf(push.arg.channel, push.arg.instId));
      listeners?.forEach((handler) => handler(push.data));
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      clearInterval(pingTimer);
      pingTimer = undefined;
      if (handlers.size > 0) scheduleReconnect();
      else state = 'idle';
    };
    current.onerror = () => {
      // The close event that follows an error drives the reconnect.
    };
  }

  function scheduleReconnect(): void {
    state = 'reconnecting';
    const delay = backoffDelay(attempt);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      if (handlers.size > 0) connect();
      else state = 'idle';
    }, delay);
  }

  function shutdown(): void {
    stopTimers();
    clearTimeout(idleTimer);
    const current = socket;
    socket = null;
    attempt = 0;
    state = 'idle';
    current?.close();
  }

  return {
    subscribe(channel, instId, handler) {
      const key = keyOf(channel, instId);
      let listeners = handlers.get(key);
      if (!listeners) {
        listeners = new Set();
        handlers.set(key, listeners);
        send('subscribe', [key]);
      }
      listeners.add(handler);
      clearTimeout(idleTimer);
      if (!socket && reconnectTimer === undefined) connect();
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const set = handlers.get(key);
        set?.delete(handler);
        if (set && set.size === 0) {
          handlers.delete(key);
          send('unsubscribe', [key]);
        }
        if (handlers.size === 0) idleTimer = setTimeout(shutdown, idleCloseMs);
      };
    },
    status: () => state,
    close: shutdown,
  };
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws/public`;
}

let shared: PublicSocket | undefined;

/** The app-wide public socket, so every widget shares one connection. */
export function getPublicSocket(): PublicSocket {
  shared ??= createPublicSocket({ url: defaultUrl });
  return shared;
}

/** The socket's instrument id for a coin: BTC → BTC-USDT. */
export function instIdOf(symbol: string, quote = 'USDT'): string {
  return `${symbol.toUpperCase()}-${quote.toUpperCase()}`;
}
