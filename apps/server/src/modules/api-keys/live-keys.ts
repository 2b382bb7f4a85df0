import type { Database } from '../../db/database.js';
import { frozenAmong, isFrozen } from '../accounts/index.js';
import type { SessionEvents } from '../sessions/index.js';
import { liveKey, liveKeysOf, markUsed, type StoredKey } from './store.js';

/** A live key with its user's freeze, as the signed calls and the private socket's ops check them. */
export interface KeyState extends StoredKey {
  /** An operator froze the user's account: it reads and cancels, but places nothing. */
  frozen: boolean;
}

/**
 * How long a key's state is trusted without asking the database. A deleted key, a freeze and a
 * thaw reach every process's cache at once through the session events (the same announcements
 * that end sessions, carried by NATS on a cluster); this bound is for changes no one announced
 * (a row changed by hand, an event lost while NATS was unreachable), as for the sessions' cache.
 */
export const KEY_STATE_TTL_MS = 5_000;
/** Past this many keys (or marks), the map starts again empty rather than grow without bound. */
const MAX_ENTRIES = 50_000;
/**
 * A key in use is read again this long before its entry expires, in the background, with the
 * other keys due then in one statement: otherwise every busy key's call waits for a read once per
 * TTL, and keys logged in together (a bot's sockets) expire together, a burst of reads that queued
 * the ledger's writes behind it (issue 42: the tail of the private socket's order entry).
 */
const REFRESH_AHEAD_FRACTION = 0.2;
/** How long due keys gather before their read. */
const REFRESH_GATHER_MS = 50;
/** Keys per refreshing statement. */
const MAX_REFRESH_BATCH = 500;
/** markUsed's own period: the row is written at most once a minute per key and address. */
const MARK_EVERY_MS = 60_000;

interface Entry {
  state: KeyState;
  expiresMs: number;
  /** The change counter when the database read behind this entry began. */
  readAt: number;
}

/**
 * Live API keys by their public id, read through from the database, so a bot's every signed call
 * or order op does not cost the database a key read and a freeze read. Invalidation is per user,
 * as SessionCache's: each session event bumps a counter noted against its user, and an entry
 * counts only if it was read after its user's last change, which also drops a read that was in
 * flight while a deletion committed. An unknown key is not kept: it is read again each time.
 */
export class LiveKeys {
  private readonly entries = new Map<string, Entry>();
  private readonly lastChange = new Map<string, number>();
  private readonly loading = new Map<string, { readAt: number; state: Promise<KeyState | null> }>();
  private readonly marked = new Map<string, { ip: string; atMs: number }>();
  /** Keys whose entries expire soon, to be read again; and those whose read is out. */
  private readonly due = new Set<string>();
  private readonly refreshing = new Set<string>();
  private refreshTimer: NodeJS.Timeout | null = null;
  private changes = 0;
  /** Reads that began before this counter are all stale (the maps were emptied). */
  private floor = 0;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Database,
    events: Pick<SessionEvents, 'subscribe'>,
    private readonly nowMs: () => number,
    private readonly ttlMs = KEY_STATE_TTL_MS,
  ) {
    this.unsubscribe = events.subscribe((event) => this.invalidate(event.userId));
  }

  /** The key's state, or null when no live key has this id (deleted, or never issued); its expiry is the caller's to check. */
  async get(apiKey: string): Promise<KeyState | null> {
    const hit = this.entries.get(apiKey);
    const now = this.nowMs();
    if (hit && hit.expiresMs > now && !this.changedSince(hit.state.userId, hit.readAt)) {
      if (hit.expiresMs - now <= this.ttlMs * REFRESH_AHEAD_FRACTION) this.refreshSoon(apiKey);
      return hit.state;
    }
    // Calls that arrive together share one read, unless something changed since it began.
    const pending = this.loading.get(apiKey);
    if (pending && pending.readAt === this.changes) return pending.state;
    const readAt = this.changes;
    const state = this.read(apiKey);
    this.loading.set(apiKey, { readAt, state });
    try {
      const found = await state;
      if (found && this.changedSince(found.userId, readAt)) return this.read(apiKey);
      if (found) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(apiKey, { state: found, expiresMs: this.nowMs() + this.ttlMs, readAt });
      } else {
        this.entries.delete(apiKey);
      }
      return found;
    } finally {
      if (this.loading.get(apiKey)?.state === state) this.loading.delete(apiKey);
    }
  }

  /** Records the key's use from `ip`, skipping the write when this process recorded the same address within markUsed's minute. */
  async markUsed(key: KeyState, ip: string, at: Date): Promise<void> {
    const last = this.marked.get(key.id);
    if (last && last.ip === ip && at.getTime() - last.atMs < MARK_EVERY_MS) return;
    if (this.marked.size >= MAX_ENTRIES) this.marked.clear();
    this.marked.set(key.id, { ip, atMs: at.getTime() });
    await markUsed(this.db, key.id, ip, at);
  }

  /** Every cached key of the user is read again from the database on its next use. */
  invalidate(userId: string): void {
    this.changes += 1;
    if (this.lastChange.size >= MAX_ENTRIES) {
      this.lastChange.clear();
      this.entries.clear();
      this.floor = this.changes;
    }
    this.lastChange.set(userId, this.changes);
  }

  close(): void {
    this.unsubscribe();
    this.due.clear();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = null;
  }

  private refreshSoon(apiKey: string): void {
    if (this.refreshing.has(apiKey)) return;
    this.due.add(apiKey);
    this.refreshTimer ??= setTimeout(() => void this.refresh(), REFRESH_GATHER_MS).unref();
  }

  /**
   * Reads the due keys again (one statement for up to MAX_REFRESH_BATCH of them, one for their
   * users' freezes) and renews their entries, unless their user changed meanwhile. A failed read
   * renews nothing: the entries expire and the next call reads as if no refresh had been tried.
   */
  private async refresh(): Promise<void> {
    const batch = [...this.due].slice(0, MAX_REFRESH_BATCH);
    for (const k of batch) {
      this.due.delete(k);
      this.refreshing.add(k);
    }
    const readAt = this.changes;
    try {
      const found = await liveKeysOf(this.db, batch);
      const frozen = await frozenAmong(this.db, [...new Set([...found.values()].map((k) => k.userId))]);
      const expiresMs = this.nowMs() + this.ttlMs;
      for (const apiKey of batch) {
        const key = found.get(apiKey.toLowerCase());
        if (!key) this.entries.delete(apiKey);
        else if (!this.changedSince(key.userId, readAt)) this.entries.set(apiKey, { state: { ...key, frozen: frozen.has(key.userId) }, expiresMs, readAt });
      }
    } catch {
      // Left to expire (above).
    } finally {
      for (const k of batch) this.refreshing.delete(k);
      this.refreshTimer = this.due.size > 0 ? setTimeout(() => void this.refresh(), REFRESH_GATHER_MS).unref() : null;
    }
  }

  private async read(apiKey: string): Promise<KeyState | null> {
    const key = await liveKey(this.db, apiKey);
    return key && { ...key, frozen: await isFrozen(this.db, key.userId) };
  }

  private changedSince(userId: string, readAt: number): boolean {
    return readAt < this.floor || (this.lastChange.get(userId) ?? 0) > readAt;
  }
}
