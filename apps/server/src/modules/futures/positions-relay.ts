import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Cluster } from '../../cluster/cluster.js';
import { openLeaderStream, type LeaderStream } from '../../cluster/leader-stream.js';

type RowListener = (userId: string, row: () => unknown) => void;
/** A source of position changes, as `positionUpdates` (feed-source.ts) makes one. */
export type PositionFeed = (listener: RowListener) => () => void;

const positionMessage = z.object({ userId: z.string(), row: z.record(z.string(), z.unknown()) });

/**
 * The private `positions` channel's source on every process. Only the venues' owner has a futures
 * service, and each takeover opens a new one: `use` hears the one open now. On a cluster the
 * leader sends each change's row, built once, to the other processes, whose sockets may be the
 * user's; a follower's own changes stay here, as its venue messages do (venue/cluster-bus.ts).
 */
export class PositionsRelay {
  private readonly listeners = new Set<RowListener>();
  private readonly stream: LeaderStream | null;
  private stopLocal: (() => void) | undefined;

  constructor(
    private readonly cluster: Cluster | null,
    log: FastifyBaseLogger,
  ) {
    this.stream = cluster
      ? openLeaderStream(cluster, 'user.positions', (text) => positionMessage.parse(JSON.parse(text)), (m) => this.tell(m.userId, () => m.row), log)
      : null;
  }

  use(local: PositionFeed): void {
    this.stopLocal?.();
    this.stopLocal = local((userId, row) => {
      if (!this.stream || !this.cluster?.isLeader()) {
        this.tell(userId, row);
        return;
      }
      const built = row();
      this.tell(userId, () => built);
      this.stream.publish(JSON.stringify({ userId, row: built }));
    });
  }

  readonly subscribe: PositionFeed = (listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private tell(userId: string, row: () => unknown): void {
    for (const l of this.listeners) l(userId, row);
  }
}
