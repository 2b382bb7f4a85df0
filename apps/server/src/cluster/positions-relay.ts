import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Cluster } from './cluster.js';
import { UserSubjects } from './user-subjects.js';

type RowListener = (userId: string, row: () => unknown) => void;
/** A source of position changes, as `positionUpdates` (feed-source.ts) makes one. */
export type PositionFeed = (listener: RowListener) => () => void;

const positionMessage = z.object({ userId: z.string(), row: z.record(z.string(), z.unknown()) });

/**
 * The private `positions` channel's source on every process. Only the venues' owner has a futures
 * service, and each takeover opens a new one: `use` hears the one open now. On a cluster the
 * leader sends each change's row, built once, on the user's own subject (`user.positions.<id>`),
 * which the processes holding that user's sockets hear (`watchUser`); a follower's own changes stay
 * here, as its venue messages do (cluster/cluster-bus.ts).
 */
export class PositionsRelay {
  private readonly listeners = new Set<RowListener>();
  private readonly users: UserSubjects<z.infer<typeof positionMessage>> | null;
  private stopLocal: (() => void) | undefined;

  constructor(
    private readonly cluster: Cluster | null,
    log: FastifyBaseLogger,
    /** The users' subjects' prefix: one relay per private channel fed from the futures service. */
    subject = 'user.positions',
  ) {
    this.users = cluster
      ? new UserSubjects(cluster, subject, (text) => positionMessage.parse(JSON.parse(text)), (m) => this.tell(m.userId, () => m.row), log)
      : null;
  }

  use(local: PositionFeed): void {
    this.stopLocal?.();
    this.stopLocal = local((userId, row) => {
      if (!this.users || !this.cluster?.isLeader()) {
        this.tell(userId, row);
        return;
      }
      const built = row();
      this.tell(userId, () => built);
      this.users.publish(userId, JSON.stringify({ userId, row: built }));
    });
  }

  readonly subscribe: PositionFeed = (listener) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** This process holds a socket of the user's until the returned function is called; one process hears every change already. */
  watchUser(userId: string): () => void {
    return this.users ? this.users.watch(userId) : () => undefined;
  }

  private tell(userId: string, row: () => unknown): void {
    for (const l of this.listeners) l(userId, row);
  }
}
