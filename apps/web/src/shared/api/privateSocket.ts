import type { PrivateWsChannel } from '@exchange/contract';
import { backoffDelay, PING_INTERVAL_MS, type SocketLike } from '../market/publicSocket';

export type PrivateHandler = (channel: PrivateWsChannel, data: unknown[]) => void;

export interface PrivateSocketOptions {
  url: string;
  token: string;
  /** The channels this page listens to: "orders" and "fills" on spot, "withdrawals" on /withdraw. */
  channels: readonly PrivateWsChannel[];
  onPush: PrivateHandler;
  /** True once the login is accepted, false when the connection drops: pages poll while it is down. */
  onLive?: (live: boolean) => void;
  createSocket?: (url: string) => SocketLike;
}

function parse(raw: unknown): { event?: string; code?: string; arg?: { channel?: string }; data?: unknown } | null {
  if (typeof raw !== 'string' || raw === 'pong') return null;
  try {
    return JSON.parse(raw) as { event?: string; code?: string; arg?: { channel?: string }; data?: unknown };
  } catch {
    return null;
  }
}

/**
 * The user's own streams on /ws/private: log in with the JWT, subscribe to the page's channels once
 * the login is accepted, and reconnect with the public socket's backoff when dropped. A refused
 * login stops retrying: the same token would only be refused again.
 */
export function connectPrivateSocket(options: PrivateSocketOptions): () => void {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const wanted = new Set<string>(options.channels);
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
    let loggedIn = false;
    current.onopen = () => current.send(JSON.stringify({ op: 'login', args: [{ token: options.token }] }));
    current.onmessage = (event) => {
      const message = parse(event.data);
      if (!message) return;
      // The server refuses a login with an error event (an ended session, an unverified email): a
      // socket left open after it would stay silent for good, while the page thinks it is live.
      if (message.event === 'login' || (message.event === 'error' && !loggedIn)) {
        if (message.event !== 'login' || message.code !== '0') {
          stopped = true;
          current.close();
          return;
        }
        loggedIn = true;
        attempt = 0;
        // Keeps proxies from closing a quiet connection between events.
        clearInterval(ping);
        ping = setInterval(() => current.send('ping'), PING_INTERVAL_MS);
        for (const channel of options.channels) current.send(JSON.stringify({ op: 'subscribe', args: [{ channel }] }));
        options.onLive?.(true);
        return;
      }
      const channel = message.arg?.channel;
      if (channel !== undefined && wanted.has(channel) && Array.isArray(message.data)) options.onPush(channel as PrivateWsChannel, message.data);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      clearInterval(ping);
      options.onLive?.(false);
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
