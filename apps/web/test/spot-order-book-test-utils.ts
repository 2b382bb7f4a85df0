import type { SocketLike } from '../src/shared/market/publicSocket';

/** A WebSocket stand-in: tests open, drop and push on it by hand. */
export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  /** When set, constructing a socket throws, like a browser refusing the URL. */
  static refuse = false;
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    if (FakeSocket.refuse) throw new Error('refused');
    FakeSocket.instances.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket created');
    return socket;
  }

  static reset(): void {
    FakeSocket.instances = [];
    FakeSocket.refuse = false;
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }

  push(channel: string, instId: string, data: unknown[]): void {
    this.onmessage?.({ data: JSON.stringify({ arg: { channel, instId }, data }) });
  }
}

type RawLevel = [string, string, string, string];

/** `count` levels stepping `step` away from `start`, each of `size`. */
export function rawLevels(start: number, step: number, count: number, size = '1'): RawLevel[] {
  return Array.from({ length: count }, (_, i) => [(start + step * i).toFixed(2), size, '0', '1']);
}

export function restBook(asks: RawLevel[], bids: RawLevel[]) {
  return { code: '0', msg: '', data: [{ asks, bids, ts: '1700000000000' }] };
}

/** The default REST answer: asks 100.10…102.00, bids 99.90…98.00, 1 each. */
export function defaultRestBook() {
  return restBook(rawLevels(100.1, 0.1, 20), rawLevels(99.9, -0.1, 20));
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
