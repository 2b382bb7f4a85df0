import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { openBroadcast } from './broadcast.js';
import type { Cluster } from './cluster.js';
import { UserEvents } from '../modules/funds/index.js';

/**
 * The events of `local` (emitted by this process's deposit watcher, withdrawal service or notifier) and
 * those of the same name from every other process, for the private websocket, whose sockets may
 * be on any process. Each local event's record is built when emitted, to be sent; one from NATS
 * must pass the contract's `record` schema.
 */
export function clusterUserEvents<T>(
  cluster: Pick<Cluster, 'nats' | 'nodeId' | 'subject'>,
  name: 'deposits' | 'withdrawals' | 'notifications' | 'okx-algo-orders',
  local: UserEvents<T>,
  record: z.ZodType<T>,
  log: FastifyBaseLogger,
): UserEvents<T> {
  const shared = new UserEvents<T>();
  const publish = openBroadcast(cluster, `user-events.${name}`, z.object({ userId: z.string(), record }), log, (event) =>
    shared.emit(event.userId, () => event.record),
  );
  local.subscribe((userId, build) => {
    const built = build();
    shared.emit(userId, () => built);
    publish({ userId, record: built });
  });
  return shared;
}
