import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Redis } from 'ioredis';
import { connect, Events, type Msg, type NatsConnection } from 'nats';
import type { ClusterConfig } from './cluster-config.js';
import { ConnectionLost, NotConnected, Requests } from './requests.js';

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
  private writes: { write: () => void; fail: (err: unknown) => void }[] = [];
  private readonly requests: Requests;
  /** Between a disconnect and the reconnect, nothing is sent: nats.js drops what it queued meanwhile, or sends it late. */
  private natsUp = true;

  private constructor(
    readonly config: ClusterConfig,
    readonly nats: NatsConnection,
    readonly redis: Redis,
  ) {
    this.requests = new Requests(nats);
    void this.followNats();
  }

  static async connect(config: ClusterConfig): Promise<Cluster> {
    // noAsyncTraces: a stack trace captured for every request cost a follower a tenth of its time;
    // noEcho: the venues' owner no longer receives and parses back every message it publishes (docs/benchmarks.md).
    const nats = await connect({ servers: config.natsUrl, name: 'exchange-server', maxReconnectAttempts: -1, noAsyncTraces: true, noEcho: true });
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

  /**
   * Runs `write` (a NATS publish, request or reply) together with the others of this turn of the
   * event loop. nats.js hands what it has queued to its socket at every microtask checkpoint, and
   * there is one after every I/O callback, so each forwarded order, each answer and each venue
   * message was a system call of its own: a fifth of a process's time under load (docs/benchmarks.md,
   * "Cluster"). Made from one callback, they leave in one write. They keep their order; `fail` gets
   * what `write` throws (a closed connection), which must not escape the callback.
   */
  batch(write: () => void, fail: (err: unknown) => void): void {
    if (this.writes.length === 0) setImmediate(this.flushWrites);
    this.writes.push({ write, fail });
  }

  /**
   * Request-reply: `data` on `subject`, sent with this turn's other writes; resolves with the answer.
   * Fails at once with NotConnected while NATS is down (nothing was sent), and with ConnectionLost
   * when NATS drops before the answer came (the call may have been carried out).
   */
  request(subject: string, data: Uint8Array, timeoutMs: number): Promise<Msg> {
    if (!this.natsUp) return Promise.reject(new NotConnected(subject));
    return new Promise<Msg>((resolve, reject) =>
      this.batch(() => {
        if (!this.natsUp) throw new NotConnected(subject);
        void this.requests.request(subject, data, timeoutMs).then(resolve, reject);
      }, reject),
    );
  }

  private async followNats(): Promise<void> {
    try {
      for await (const status of this.nats.status()) {
        if (status.type === Events.Disconnect) {
          this.natsUp = false;
          this.requests.failAll((subject) => new ConnectionLost(subject));
        } else if (status.type === Events.Reconnect) {
          this.natsUp = true;
        }
      }
    } catch {
      // The status stream ends with the connection; close() fails what still waits.
    }
  }

  private readonly flushWrites = (): void => {
    const writes = this.writes;
    this.writes = [];
    for (const { write, fail } of writes) {
      try {
        write();
      } catch (err) {
        fail(err);
      }
    }
  };

  async close(): Promise<void> {
    this.listeners.clear();
    this.flushWrites();
    this.requests.close();
    await this.nats.drain().catch(() => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
