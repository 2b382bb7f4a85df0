import WebSocket from 'ws';

/** A frame from the server: `pong` and other non-JSON text stay strings, JSON is parsed. */
export type WsMessage = Record<string, unknown> | string;

export interface WsClosed {
  code: number;
  reason: string;
}

function decode(raw: Buffer): WsMessage {
  const text = raw.toString('utf8');
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : text;
  } catch {
    return text;
  }
}

/** A test client that queues every frame, so a test can wait for the next one matching a predicate. */
export class WsClient {
  private readonly queue: WsMessage[] = [];
  private waiters: (() => void)[] = [];
  /** Settles when the socket closes, with the server's close code and reason. */
  readonly closed: Promise<WsClosed>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      this.queue.push(decode(raw));
      this.wake();
    });
    this.closed = new Promise((resolve) => {
      ws.once('close', (code: number, reason: Buffer) => {
        this.wake();
        resolve({ code, reason: reason.toString('utf8') });
      });
    });
  }

  /** Opens a socket; the server may still close it at once (see `closed`). */
  static async open(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
    const ws = new WebSocket(url, { headers });
    const client = new WsClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(message: string | object): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  sendBinary(bytes: Buffer): void {
    this.ws.send(bytes, { binary: true });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Takes the first queued frame matching `match`; fails after `ms` or when the socket closed. */
  async next(match: (m: WsMessage) => boolean, ms = 5000): Promise<WsMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const i = this.queue.findIndex(match);
      if (i >= 0) return this.queue.splice(i, 1)[0] as WsMessage;
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('socket closed before a matching message');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no matching message');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Whether a matching frame has arrived and waits in the queue. */
  holds(match: (m: WsMessage) => boolean): boolean {
    return this.queue.some(match);
  }

  /** Forgets the queued frames that match. */
  drop(match: (m: WsMessage) => boolean): void {
    for (let i = this.queue.length - 1; i >= 0; i--) if (match(this.queue[i] as WsMessage)) this.queue.splice(i, 1);
  }

  /** Every frame received and not yet taken. */
  drain(): WsMessage[] {
    return this.queue.splice(0);
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

export const isEvent =
  (name: string) =>
  (m: WsMessage): m is Record<string, unknown> =>
    typeof m === 'object' && m.event === name;

export const isPush =
  (channel: string, instId?: string) =>
  (m: WsMessage): boolean => {
    if (typeof m !== 'object' || !Array.isArray(m.data)) return false;
    const arg = m.arg as { channel?: unknown; instId?: unknown } | undefined;
    return arg?.channel === channel && (instId === undefined || arg.instId === instId);
  };

export const isPong = (m: WsMessage): boolean => m === 'pong';
