import type { WebSocket } from 'ws';

/**
 * The topics each socket holds, by key: what a feed counts against a connection's limit, and what
 * it leaves when the socket unsubscribes or closes.
 */
export class SocketTopics {
  private readonly bySocket = new Map<WebSocket, Set<string>>();

  count(socket: WebSocket): number {
    return this.bySocket.get(socket)?.size ?? 0;
  }

  add(socket: WebSocket, key: string): void {
    let keys = this.bySocket.get(socket);
    if (!keys) this.bySocket.set(socket, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets one of the socket's topics; `leave` drops the socket from it. */
  remove(socket: WebSocket, key: string, leave: (key: string, socket: WebSocket) => void): void {
    this.bySocket.get(socket)?.delete(key);
    leave(key, socket);
  }

  /** Forgets a closed socket; `leave` drops it from each of its topics. */
  removeSocket(socket: WebSocket, leave: (key: string, socket: WebSocket) => void): void {
    for (const key of this.bySocket.get(socket) ?? []) leave(key, socket);
    this.bySocket.delete(socket);
  }
}

/** A feed's one pending flush: at most one timer runs, and a flush or a close stops it. */
export class FlushTimer {
  private timer: NodeJS.Timeout | undefined;

  /** Runs `flush` after `ms` unless a run is already pending. */
  start(ms: number, flush: () => void): void {
    if (!this.timer) this.timer = setTimeout(flush, ms);
  }

  get pending(): boolean {
    return this.timer !== undefined;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
