import { createHash } from 'node:crypto';

/** Several server processes on one PostgreSQL database (docs/deploy.md). */
export interface ClusterConfig {
  natsUrl: string;
  redisUrl: string;
  /**
   * NATS subjects and Redis keys start with it, so several clusters can share one NATS and one
   * Redis (the tests run many at once). Derived from the database URL unless CLUSTER_NAME is set.
   */
  namespace: string;
  /** A venue lease not renewed for this long may be taken over by another process. */
  leaseTtlMs: number;
  /** How often the owner renews its lease and the others look for an expired one. */
  leaseCheckMs: number;
}

export const DEFAULT_LEASE_TTL_MS = 3000;
export const DEFAULT_LEASE_CHECK_MS = 500;

/** A subject token: letters, digits, dash and underscore only. */
export function namespaceOf(databaseUrl: string, name?: string): string {
  const raw = name ?? `x${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 12)}`;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(raw)) throw new Error('CLUSTER_NAME may hold only letters, digits, - and _ (at most 64)');
  return `exchange.${raw}`;
}

/**
 * The cluster part of the configuration: NATS_URL and REDIS_URL together turn it on, and then
 * DATABASE_URL and JWT_SECRET are required (every process must share the database and sign the
 * same tokens). Neither set: one process, as on the embedded default.
 */
export function clusterConfigFromEnv(env: NodeJS.ProcessEnv, databaseUrl: string | undefined): ClusterConfig | undefined {
  const natsUrl = env.NATS_URL?.trim() || undefined;
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (!natsUrl && !redisUrl) return undefined;
  if (!natsUrl || !redisUrl) throw new Error('NATS_URL and REDIS_URL go together: set both to run several server processes, or neither');
  if (!databaseUrl) throw new Error('NATS_URL and REDIS_URL need DATABASE_URL: every server process must share one PostgreSQL database');
  if (!env.JWT_SECRET?.trim()) throw new Error('NATS_URL and REDIS_URL need JWT_SECRET: every server process must sign and check the same tokens');
  return {
    natsUrl,
    redisUrl,
    namespace: namespaceOf(databaseUrl, env.CLUSTER_NAME?.trim() || undefined),
    leaseTtlMs: DEFAULT_LEASE_TTL_MS,
    leaseCheckMs: DEFAULT_LEASE_CHECK_MS,
  };
}
