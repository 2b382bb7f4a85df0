import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { connect, type NatsConnection } from 'nats';
import type { ClusterConfig } from './cluster-config.js';

type RoleListener = (leader: boolean) => void;

/**
 * This process's place in a cluster: its connections to NATS and Redis, the names it uses there,
 * and whether it owns the venues now (the lease, cluster/venue-lease.ts, decides; `setLeader` is
 * its only caller). Null everywhere on a single process.
 */
export class Cluster {
  /** Unique per process start: a lease names its holder by it, messages their sender. */
  readonly nodeId = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  private leader = false;
  private readonly listeners = new Set<RoleListener>();

  private constructor(
    readonly config: ClusterConfig,
    readonly nats: NatsConnection,
    readonly redis: Redis,
  ) {}

  static async connect(config: ClusterConfig): Promise<Cluster> {
    // noAsyncTraces: a stack trace captured for every request cost a follower a tenth of its time (docs/benchmarks.md).
    const nats = await connect({ servers: config.natsUrl, name: 'exchange-server', maxReconnectAttempts: -1, noAsyncTraces: true });
    const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    try {
      await redis.connect();
    } catch (err) {
      await nats.close();
      redis.disconnect();
      throw err;
    }
    return new Cluster(config, nats, redis);
  }

  /** `<namespace>.<name>`: every NATS subject of this cluster. */
  subject(name: string): string {
    return `${this.config.namespace}.${name}`;
  }

  /** `<namespace>:<name>`: every Redis key of this cluster. */
  key(name: string): string {
    return `${this.config.namespace}:${name}`;
  }

  isLeader(): boolean {
    return this.leader;
  }

  /** Told on every change of role, after it happened. */
  onRoleChange(listener: RoleListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setLeader(leader: boolean): void {
    if (leader === this.leader) return;
    this.leader = leader;
    for (const l of this.listeners) l(leader);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.nats.drain().catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
