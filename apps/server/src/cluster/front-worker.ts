import type { Server } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Cluster } from './cluster.js';
import { frontConnection, type WorkerReport } from './front-messages.js';

/** How often a stopping worker closes the connections that have gone idle since. */
const DRAIN_POLL_MS = 50;
/**
 * How long a stopping worker leaves idle connections open: a call may be on its way on one that
 * looks idle, and closing it would lose that call. Busy connections close sooner, with their answer.
 */
const IDLE_GRACE_MS = 1000;

export interface FrontWorker {
  /**
   * Resolves once every HTTP connection handed to this worker has closed, each after its request in
   * flight was answered (a busy one with its answer, which says `Connection: close`; an idle one
   * after a grace). A listening server's close waits for that itself; one that takes its
   * connections from the launcher does not count them, and would close the database under them.
   */
  drain(): Promise<void>;
}

/**
 * A launcher worker's side of the front (cluster/front.ts): it takes the connections the launcher
 * hands it into its HTTP server, the bytes the launcher read first, tells the launcher when it takes
 * the venues over or loses them, and when an order connection it was handed closes.
 */
export function acceptFromFront(server: Server, cluster: Cluster | null, log: FastifyBaseLogger): FrontWorker {
  const open = new Set<Socket>();
  let draining = false;
  // Ahead of the app's own listener, so the header is set before any answer is written.
  server.prependListener('request', (_req, res) => {
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
  });
  // A websocket leaves HTTP: the server's close ends it, with the app.
  server.on('upgrade', (_req, socket) => open.delete(socket as Socket));
  const report = (r: WorkerReport) => {
    if (process.connected) process.send?.(r);
  };
  process.on('message', (raw: unknown, handle: unknown) => {
    const parsed = frontConnection.safeParse(raw);
    if (!parsed.success) return;
    if (!(handle instanceof Socket)) {
      log.warn('the launcher sent a connection without its socket');
      return;
    }
    const { head, orderEntry } = parsed.data;
    open.add(handle);
    handle.once('close', () => {
      open.delete(handle);
      if (orderEntry) report({ type: 'front:order-connection-closed' });
    });
    server.emit('connection', handle);
    // The HTTP server's parser reads the socket's handle itself from now on; what the launcher read
    // before it is fed first, through the listener the server put on the socket.
    handle.emit('data', Buffer.from(head, 'base64'));
    handle.resume();
  });
  report({ type: 'front:ready' });
  if (cluster) {
    cluster.onRoleChange((owns) => report({ type: 'front:role', owns }));
    report({ type: 'front:role', owns: cluster.isLeader() });
  }
  return {
    async drain() {
      draining = true;
      const closeIdleFrom = Date.now() + IDLE_GRACE_MS;
      while (open.size > 0) {
        if (Date.now() >= closeIdleFrom) server.closeIdleConnections();
        await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
      }
    },
  };
}
