import type { SessionState } from './queries.js';

/** A session's state as cached: with the row's end, and whether it ends when idle. */
export interface LiveSession extends SessionState {
  expiresAtMs: number;
  idleLimited: boolean;
}

/**
 * How long a session's state is trusted without asking the database. A change made in this
 * process (reset, verification), or on a cluster in another, reaches the cache at once through
 * SessionEvents; this bound is for the changes it is not told about: a user deleted in the
 * database, or an event lost while NATS was unreachable. A few seconds: those are seen soon, and
 * a busy session still costs the order path one query per period, not per order.
 */
export const SESSION_STATE_TTL_MS = 5_000;

/** Past this many sessions, the cache starts again empty rather than grow without bound. */
const MAX_ENTRIES = 50_000;

interface Entry<S> {
  /** null: no live session (revoked, expired, unknown, or its user is gone). */
  state: S | null;
  expiresMs: number;
  /** The change counter when the database read behind this entry began. */
  readAt: number;
}

/**
 * Session state by session id, read through from the database. Invalidating a user is O(1): each
 * invalidation bumps a counter and notes it against the user, and an entry counts only if it was
 * read after its user's last change. That also covers a read that was in flight while the change
 * committed: its answer may predate the change, so it is read again and not kept.
 */
export class SessionCache<S extends SessionState = SessionState> {
  private readonly entries = new Map<string, Entry<S>>();
  private readonly lastChange = new Map<string, number>();
  private changes = 0;
  /** Reads that began before this counter are all stale (the maps were emptied). */
  private floor = 0;

  constructor(
    private readonly load: (sessionId: string) => Promise<S | null>,
    private readonly nowMs: () => number,
    private readonly ttlMs = SESSION_STATE_TTL_MS,
  ) {}

  async get(sessionId: string): Promise<S | null> {
    const now = this.nowMs();
    const hit = this.entries.get(sessionId);
    if (hit && hit.expiresMs > now && (hit.state === null || !this.changedSince(hit.state.userId, hit.readAt))) {
      return hit.state;
    }
    const readAt = this.changes;
    const state = await this.load(sessionId);
    if (state && this.changedSince(state.userId, readAt)) return this.load(sessionId);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(sessionId, { state, expiresMs: now + this.ttlMs, readAt });
    return state;
  }

  /** Every cached session of the user is read again from the database on its next use. */
  invalidate(userId: string): void {
    this.changes += 1;
    if (this.lastChange.size >= MAX_ENTRIES) {
      this.lastChange.clear();
      this.entries.clear();
      this.floor = this.changes;
    }
    this.lastChange.set(userId, this.changes);
  }

  private changedSince(userId: string, readAt: number): boolean {
    return readAt < this.floor || (this.lastChange.get(userId) ?? 0) > readAt;
  }
}
