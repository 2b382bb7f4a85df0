import type { WebSocket } from 'ws';
import type { Duplex } from 'node:stream';
import { MAX_BUFFERED_BYTES } from './ws-send.js';

/**
 * Sockets written in one turn of the event loop before the rest wait for the next, so a fan-out to
 * many thousands does not hold the engine's batches and the HTTP routes for all of its writes. A
 * thousand writes of a 1 KB frame take about 13 ms of CPU on loopback; with turns of 200 the books
 * bench's 1,000-client fan-out was slower in both rounds measured (docs/benchmarks.md, issue 42:
 * what runs between the turns delays the last sockets), so a thousand go in one turn.
 */
export const FANOUT_BATCH = 1000;
/**
 * Writes queued behind the running fan-out past which a new message is written at once instead
 * (the caller waits): a feed that builds faster than it can send must not pile up frames.
 */
export const MAX_QUEUED_WRITES = 50_000;

/**
 * A text message as the bytes of one unmasked, unfragmented websocket frame (RFC 6455 §5.2: FIN
 * and the text opcode, then the payload length in 7, 16 or 64 bits): encoded and framed once, then
 * the same Buffer is written to every subscriber, where ws's `send` would frame the string again
 * and encode it again for each.
 */
export function textFrame(message: string): Buffer {
  const payload = Buffer.byteLength(message, 'utf8');
  const header = payload < 126 ? 2 : payload < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + payload);
  frame[0] = 0x81;
  if (header === 2) frame[1] = payload;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(payload, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(payload), 2);
  }
  frame.write(message, header, 'utf8');
  return frame;
}

/** The TCP socket under a ws socket: the frame goes there as it is. */
function tcpOf(socket: WebSocket): Duplex | undefined {
  return (socket as unknown as { _socket?: Duplex })._socket;
}

/**
 * Writes a framed message to one socket, under the bound every send keeps (ws-send.ts): a client
 * with more than MAX_BUFFERED_BYTES unread is terminated, not sent more. Only for a server without
 * permessage-deflate (ours: @fastify/websocket's default), where ws writes each frame straight to
 * the TCP socket too, so frames from here and from `send` keep their order.
 */
export function writeFrameBounded(socket: WebSocket, frame: Buffer): boolean {
  if (socket.readyState !== socket.OPEN) return false;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return false;
  }
  const tcp = tcpOf(socket);
  if (!tcp) return false;
  tcp.write(frame);
  return true;
}

interface Job {
  frame: Buffer;
  sockets: readonly WebSocket[];
  /** Who still wants it: a socket that unsubscribed while the job waited is skipped. */
  members: ReadonlySet<WebSocket>;
  next: number;
}

/**
 * A feed's sends, in the order given: each message framed once, written to FANOUT_BATCH sockets a
 * turn, the first batch at once. A job's sockets are those subscribed when it was queued; `drain`
 * writes everything queued, so a new subscriber's first message (built from the newest state)
 * is never overtaken by an older one.
 */
export class Fanout {
  private readonly jobs: Job[] = [];
  private queued = 0;
  private pending: NodeJS.Immediate | undefined;

  constructor(
    private readonly batch = FANOUT_BATCH,
    private readonly maxQueued = MAX_QUEUED_WRITES,
  ) {}

  send(message: string, members: ReadonlySet<WebSocket>): void {
    if (members.size === 0) return;
    this.jobs.push({ frame: textFrame(message), sockets: [...members], members, next: 0 });
    this.queued += members.size;
    if (this.queued > this.maxQueued) this.drain();
    else if (!this.pending) this.run();
  }

  /** Writes every queued message now. */
  drain(): void {
    this.write(Number.POSITIVE_INFINITY);
  }

  /** Forgets what is queued (the feed is closing, and its sockets with it). */
  close(): void {
    if (this.pending) clearImmediate(this.pending);
    this.pending = undefined;
    this.jobs.length = 0;
    this.queued = 0;
  }

  private run(): void {
    this.pending = undefined;
    this.write(this.batch);
    if (this.jobs.length > 0) this.pending = setImmediate(() => this.run());
  }

  private write(budget: number): void {
    let left = budget;
    while (left > 0) {
      const job = this.jobs[0];
      if (!job) break;
      const end = Math.min(job.sockets.length, job.next + left);
      for (let i = job.next; i < end; i++) {
        const socket = job.sockets[i] as WebSocket;
        if (job.members.has(socket)) writeFrameBounded(socket, job.frame);
      }
      left -= end - job.next;
      this.queued -= end - job.next;
      job.next = end;
      if (job.next === job.sockets.length) this.jobs.shift();
    }
    if (this.jobs.length === 0 && this.pending) {
      clearImmediate(this.pending);
      this.pending = undefined;
    }
  }
}
