import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import type { VenueFence } from '../ledger/ledger.js';
import type { Cluster } from './cluster.js';
import { DEFAULT_LEASE_CHECK_MS } from './cluster-config.js';
import { LeaseEpochs } from './lease-epochs.js';

export interface LeaseHooks {
  /** This process took the lease: rebuild the venues from the database and start owning them. */
  promote(): Promise<void>;
  /** The lease is gone (lost, expired or given up): stop every venue's work. */
  demote(): Promise<void>;
}

/**
 * Renewals that left less than this of the lease are not trusted for writing: the clocks of this
 * process and of PostgreSQL may run at slightly different rates, and a renewal's answer arrives late.
 */
const SAFETY_MS = 250;

/**
 * The cluster's venue lease: one row in `venue_leases` (cluster/migrations.ts) naming the process
 * that owns every venue until `expires_at`, and an epoch that grows with each takeover. The holder
 * renews it every `leaseCheckMs`; the others try to take it once it expired, in one UPDATE, so two
 * can never both win. Every ledger batch that ran venue commands carries the epoch
 * (ledger/statement.ts), so a holder that lost the lease while paused cannot write after its
 * successor rebuilt the books: its write fails, and it steps down.
 *
 * A row with expiry rather than an advisory lock held by a connection: a paused process (SIGSTOP)
 * keeps its connection, and with it such a lock, for ever.
 */
export class VenueLease implements VenueFence {
  /** The newest epoch any look saw: a follower's venue calls are sent for it. */
  readonly epochs = new LeaseEpochs();
  private held: { epoch: string; validUntil: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The look at the moment the lease expires, when that comes before the next regular one. */
  private expiryLook: NodeJS.Timeout | null = null;
  private readonly holdListeners = new Set<(held: boolean) => void>();
  private checking: Promise<void> | null = null;
  private transition: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly cluster: Cluster,
    private readonly log: FastifyBaseLogger,
    private readonly hooks: LeaseHooks,
  ) {}

  /** Looks every leaseCheckMs from now on (a test that set it to 0 calls takeNow() instead). */
  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.check(), this.cluster.config.leaseCheckMs || DEFAULT_LEASE_CHECK_MS);
    void this.check();
  }

  /**
   * Takes the lease now if it is free, and resolves once this process owns the venues (or did not
   * get them); then keeps it as start() does. Tests decide the owner with it.
   */
  async takeNow(): Promise<boolean> {
    await this.check();
    await this.transition;
    this.start();
    return this.cluster.isLeader();
  }

  /** The epoch a venue write must carry, while the lease is this process's and not about to expire. */
  epoch(): string | null {
    if (!this.held) return null;
    if (performance.now() >= this.held.validUntil) return null;
    return this.held.epoch;
  }

  /**
   * Told when this process takes the lease (true), before it has rebuilt the venues, and when it
   * loses or gives it up (false): the venue calls of other processes are heard while it is held
   * (cluster/owner-call.ts), so that they are answered, if only "not yet", from the moment it is.
   */
  onHold(listener: (held: boolean) => void): void {
    this.holdListeners.add(listener);
  }

  /** A venue write was refused, or found the lease expired: step down at once. */
  lost(): void {
    if (!this.held) return;
    this.log.warn({ epoch: this.held.epoch }, 'venue lease lost: this process stops owning the venues');
    this.held = null;
    this.tellHold(false);
    this.cluster.setLeader(false);
    this.enqueue(() => this.hooks.demote());
  }

  /** One look: renew what is held, or try to take what expired. Never two at once. */
  check(): Promise<void> {
    this.checking ??= (this.held ? this.renew() : this.tryTake())
      .catch((err: unknown) => this.log.warn({ err }, 'venue lease check failed'))
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  /** Stops looking, waits for a takeover or step-down in flight; the lease stays until release(). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.expiryLook) clearTimeout(this.expiryLook);
    this.expiryLook = null;
    await this.checking;
    await this.transition;
  }

  /** Hands the lease back (a graceful shutdown, after the venues' work stopped), so another takes it at once. */
  async release(): Promise<void> {
    const held = this.held;
    this.held = null;
    this.cluster.setLeader(false);
    if (!held) return;
    this.tellHold(false);
    await this.db
      .query(`UPDATE venue_leases SET holder = NULL, expires_at = '-infinity' WHERE name = 'venues' AND holder = $1 AND epoch = $2`, [
        this.cluster.nodeId,
        held.epoch,
      ])
      .catch((err: unknown) => this.log.warn({ err }, 'could not hand the venue lease back; it expires by itself'));
  }

  private async renew(): Promise<void> {
    const held = this.held;
    if (!held) return;
    if (performance.now() >= held.validUntil) {
      this.lost();
      return;
    }
    const sentAt = performance.now();
    const res = await this.db.query<{ epoch: string }>(
      `UPDATE venue_leases SET expires_at = now() + $3 * interval '1 millisecond'
       WHERE name = 'venues' AND holder = $1 AND epoch = $2 RETURNING epoch::text AS epoch`,
      [this.cluster.nodeId, held.epoch, this.cluster.config.leaseTtlMs],
    );
    if (this.held !== held) return;
    if (res.rows.length === 0) this.lost();
    else {
      held.validUntil = sentAt + this.cluster.config.leaseTtlMs - SAFETY_MS;
      this.epochs.seen(held.epoch);
    }
  }

  /**
   * Takes the lease if it expired, in one statement that also reads the lease as it was: its epoch
   * (a follower's calls are sent for it) and how long ago it expired (negative: how long it still
   * runs). A lease that runs out before the next regular look is looked at again when it does, so a
   * dead owner is replaced up to one look sooner.
   */
  private async tryTake(): Promise<void> {
    if (this.stopped) return;
    const sentAt = performance.now();
    const res = await this.db.query<{ taken: string | null; epoch: string; since_expiry_ms: number | null }>(
      `WITH taken AS (
         UPDATE venue_leases SET holder = $1, epoch = epoch + 1, expires_at = now() + $2 * interval '1 millisecond'
         WHERE name = 'venues' AND expires_at < now() RETURNING epoch)
       SELECT (SELECT epoch::text FROM taken) AS taken, l.epoch::text AS epoch,
              CASE WHEN l.expires_at = '-infinity' THEN NULL ELSE extract(epoch FROM now() - l.expires_at) * 1000 END::float8 AS since_expiry_ms
       FROM venue_leases l WHERE l.name = 'venues'`,
      [this.cluster.nodeId, this.cluster.config.leaseTtlMs],
    );
    const row = res.rows[0];
    if (!row || this.stopped) return;
    this.epochs.seen(row.epoch);
    if (row.taken === null) {
      this.lookAtExpiry(row.since_expiry_ms);
      return;
    }
    const held = { epoch: row.taken, validUntil: sentAt + this.cluster.config.leaseTtlMs - SAFETY_MS };
    this.held = held;
    this.epochs.seen(held.epoch);
    this.tellHold(true);
    const expiredMs = row.since_expiry_ms === null ? null : Math.round(row.since_expiry_ms);
    this.log.info({ epoch: held.epoch, node: this.cluster.nodeId, expiredMs }, 'venue lease taken: this process owns the venues');
    this.enqueue(async () => {
      if (this.held !== held) return;
      const rebuildFrom = performance.now();
      try {
        await this.hooks.promote();
      } catch (err) {
        this.log.error({ err }, 'taking the venues over failed; handing the lease back');
        await this.hooks.demote().catch(() => undefined);
        await this.release();
        return;
      }
      // Venue calls are carried out only once the books are rebuilt; lost meanwhile, the step-down is queued.
      if (this.held !== held) return;
      this.cluster.setLeader(true);
      // The figures of docs/deploy.md, "Ownership and takeover": how long the lease had lapsed when taken, and the rebuild.
      this.log.info(
        { epoch: held.epoch, expiredMs, rebuildMs: Math.round(performance.now() - rebuildFrom) },
        'venues taken over: this process answers venue calls',
      );
    });
  }

  private lookAtExpiry(sinceExpiryMs: number | null): void {
    const check = this.cluster.config.leaseCheckMs;
    if (sinceExpiryMs === null || check <= 0 || this.expiryLook || -sinceExpiryMs >= check) return;
    this.expiryLook = setTimeout(
      () => {
        this.expiryLook = null;
        void this.check();
      },
      Math.max(0, -sinceExpiryMs) + 1,
    );
  }

  private tellHold(held: boolean): void {
    for (const listener of this.holdListeners) listener(held);
  }

  /** Takeovers and step-downs run one after the other, in the order they were decided. */
  private enqueue(work: () => Promise<void>): void {
    this.transition = this.transition.then(work).catch((err: unknown) => this.log.error({ err }, 'venue lease transition failed'));
  }
}
