import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { openBroadcast } from './broadcast.js';
import type { Cluster } from './cluster.js';
import { inProcessSessionEvents, type SessionEvent, type SessionEvents } from '../modules/sessions/index.js';

const revokedScope = z.union([z.object({ allBut: z.string() }), z.object({ only: z.string() })]);

/** A SessionEvent as it crosses NATS. */
export const sessionEventMessage: z.ZodType<SessionEvent> = z.union([
  z.object({ kind: z.literal('revoked'), userId: z.string(), scope: revokedScope.optional() }),
  z.object({ kind: z.literal('changed'), userId: z.string() }),
]);

/**
 * SessionEvents shared by every process of the cluster: this process's listeners hear an event at
 * once, the others' as soon as NATS brings it, so a session ended anywhere is refused everywhere
 * without waiting for the session caches' TTL.
 */
export function clusterSessionEvents(cluster: Pick<Cluster, 'nats' | 'nodeId' | 'subject'>, log: FastifyBaseLogger): SessionEvents {
  const local = inProcessSessionEvents();
  const publish = openBroadcast(cluster, 'sessions', sessionEventMessage, log, (event) =>
    event.kind === 'revoked' ? local.revoked(event.userId, event.scope) : local.changed(event.userId),
  );
  return {
    revoked(userId, scope) {
      local.revoked(userId, scope);
      publish(scope ? { kind: 'revoked', userId, scope } : { kind: 'revoked', userId });
    },
    changed(userId) {
      local.changed(userId);
      publish({ kind: 'changed', userId });
    },
    subscribe: (listener) => local.subscribe(listener),
  };
}
