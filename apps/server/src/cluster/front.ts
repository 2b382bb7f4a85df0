import type { Worker } from 'node:cluster';
import net from 'node:net';
import type { Logger } from 'pino';
import type { FrontConnection } from './front-messages.js';
import { opensWithOrderEntry, type FrontRouting } from './front-routing.js';

/** A connection that has not sent its request line by then is closed (no worker has seen it yet). */
const FIRST_LINE_MS = 10_000;
/** Connections that may wait for a worker at once; past it the newest is closed, so a crash loop piles nothing up. */
const MAX_WAITING = 1_024;
/** More than any request line the server accepts; past it the connection is routed on what came. */
const MAX_HEAD_BYTES = 16 * 1024;

/** The part of a socket's handle the front stops: Node's net.Socket keeps it private. */
interface ReadableHandle {
  readStop?: () => number;
}

export interface Front {
  server: net.Server;
  /** A worker has become ready: the connections that came while none was are handed out now. */
  workerReady(): void;
}

/**
 * The launcher's listening socket. It reads each new connection's request line, asks `routing`
 * which worker takes it, and hands the socket to that worker with the bytes it read, as
 * `@socket.io/sticky` does for sticky sessions; everything after goes from the client to the worker
 * directly. Reading first is what lets order connections go to the venues' owner
 * (cluster/front-routing.ts); Node's cluster module deals connections before any byte arrives.
 * `workers` are the ones ready to take connections: a worker still building its app would drop one.
 * A connection that came while none was waits `workerWaitMs` for one (WORKER_WAIT_SECONDS).
 */
export function openFront(routing: FrontRouting, workers: () => Worker[], log: Logger, workerWaitMs: number): Front {
  const waiting: { socket: net.Socket; head: Buffer }[] = [];
  const server = net.createServer((socket) => {
    let head: Buffer = Buffer.alloc(0);
    socket.setTimeout(FIRST_LINE_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    const onData = (chunk: Buffer) => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      if (head.indexOf('\r\n') < 0 && head.length < MAX_HEAD_BYTES) return;
      socket.off('data', onData);
      socket.pause();
      // Stops reading from the descriptor, so that what the client sends next stays in the kernel and
      // goes to the worker with it: once the handle is sent, Node drops what this process reads from it.
      (socket as unknown as { _handle?: ReadableHandle })._handle?.readStop?.();
      for (let more = socket.read() as Buffer | null; more !== null; more = socket.read() as Buffer | null) head = Buffer.concat([head, more]);
      hand(socket, head);
    };
    socket.on('data', onData);
  });
  return {
    server,
    workerReady() {
      for (const { socket, head } of waiting.splice(0)) if (!socket.destroyed) hand(socket, head);
    },
  };

  function hand(socket: net.Socket, head: Buffer): void {
    const live = workers().filter((w) => w.isConnected());
    if (live.length === 0) {
      // Only while the launcher starts, or replaces its last worker: the client waits a while for one.
      if (waiting.length >= MAX_WAITING) {
        socket.destroy();
        return;
      }
      socket.setTimeout(workerWaitMs, () => socket.destroy());
      const entry = { socket, head };
      waiting.push(entry);
      socket.once('close', () => {
        const at = waiting.indexOf(entry);
        if (at >= 0) waiting.splice(at, 1);
      });
      return;
    }
    socket.setTimeout(0);
    const orderEntry = opensWithOrderEntry(head.toString('latin1', 0, 512));
    const id = routing.pick(
      live.map((w) => w.id),
      orderEntry,
    );
    const worker = live.find((w) => w.id === id) as Worker;
    log.debug({ worker: id, orderEntry }, 'connection handed to a worker');
    const message: FrontConnection = { type: 'front:connection', head: head.toString('base64'), orderEntry };
    worker.send(message, socket, (err: Error | null) => {
      if (!err) return;
      log.warn({ err, worker: id }, 'could not hand a connection to a worker');
      if (orderEntry) routing.closed(id);
      socket.destroy();
    });
  }
}
