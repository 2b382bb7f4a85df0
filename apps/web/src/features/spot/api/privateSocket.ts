import { backoffDelay, PING_INTERVAL_MS, type SocketLike } from '../../../shared/market/publicSocket';

export type PrivateChannel = 'orders' | 'fills';
export type PrivateHandler = (channel: PrivateChannel, data: unknown[]) => void;

export interface PrivateSocketOptions {
  url: string;
  token: string;
  onPush: PrivateHandler;
  createSocket?: (url: string) => SocketLike;
}

const CHANNELS: PrivateChannel[] = ['orders', 'fills'];

function parse(raw: unknown): { event?: string; code?: string; arg?: { channel?: string }; data?: unknown } | null {
  if (typeof raw !== 'string' || raw === 'pong') return null;
  try {
    return JSON.parse(raw) as { event?: string; code?: string; arg?: { channel?: string }; data?: unknown };
  } catch {
    return null;
  }
}

/**
 * The user's own order and fill stream on /ws/private: log in with the JWT, subscribe to both
 * channels once the login is accepted, and reconnect with the public socket's backoff when dropped.
 * A refused login stops retrying: the same token would only be refused again.
 */
export function connectPrivateSocket(options: PrivateSocketOptions): () => void {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  let socket: SocketLike | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let ping: ReturnType<typeof setInterval> | undefined;

  function connect(): void {
    let current: SocketLike;
    try {
      current = createSocket(options.url);
    } catch {
      retry();
      return;
    }
    socket = current;
    current.onopen = () => current.send(JSON.stringify({ op: 'login', args: [{ token: options.token }] }));
    current.onmessage = (event) => {
      const message = parse(event.data);
      if (!message) return;
      if (message.event === 'login') {
        if (message.code !== '0') {
          stopped = true;
          current.close();
          return;
        }
        attempt = 0;
        // Keeps proxies from closing a quiet connection between trades.
        clearInterval(ping);
        ping = setInterval(() => current.send('ping'), PING_INTERVAL_MS);
        for (const channel of CHANNELS) current.send(JSON.stringify({ op: 'subscribe', args: [{ channel }] }));
        return;
      }
      const channel = message.arg?.channel;
      if ((channel === 'orders' || channel === 'fills') && Array.isArray(message.data)) options.onPush(channel, message.data);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      clearInterval(ping);
      retry();
    };
    current.onerror = () => {
      // The close event that follows drives the reconnect.
    };
  }

  function retry(): void {
    if (stopped) return;
    const delay = backoffDelay(attempt);
    attempt += 1;
    timer = setTimeout(connect, delay);
  }

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(ping);
    const current = socket;
    socket = null;
    current?.close();
  };
}

export function privateSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws/private`;
}
