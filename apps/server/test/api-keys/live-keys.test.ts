import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database, SqlParam } from '../../src/db/database.js';
import { LiveKeys } from '../../src/modules/api-keys/index.js';
import { inProcessSessionEvents } from '../../src/modules/sessions/index.js';

const API_KEY = '7d0c1b5e-3f57-4a4e-9d7c-1b2b9a0c0d11';
const USER = '0b6f7c1e-8a35-4a55-9a3f-5f3b7c2d9e10';
const OTHER_KEY = '9a1d2c3e-4f50-4a61-8b72-c3d4e5f60718';

/** A database that answers the key and freeze reads from its fields, counting the statements and holding a read back on demand. */
function fakeDb() {
  const state = { deleted: false, frozen: false, reads: 0, batchReads: 0, freezeReads: 0, marks: 0, fail: false, hold: null as Promise<void> | null };
  const rowOf = (apiKey: string) => ({
    api_key: apiKey,
    id: `id-${apiKey}`,
    user_id: USER,
    label: 'bot',
    permissions: ['read', 'trade'],
    ip_allowlist: [],
    secret_sealed: 's',
    passphrase_hash: 'h',
    expires_at: null,
  });
  const db = {
    async query(sql: string, params: SqlParam[] = []) {
      if (state.fail) throw new Error('connection lost');
      if (sql.includes('FROM api_keys WHERE api_key = ANY')) {
        state.batchReads += 1;
        const deleted = state.deleted;
        if (state.hold) await state.hold;
        return { rows: deleted ? [] : (params[0] as string[]).map(rowOf), rowCount: 0 };
      }
      if (sql.includes('FROM users WHERE id = ANY')) {
        state.freezeReads += 1;
        return { rows: state.frozen ? [{ id: USER }] : [], rowCount: 0 };
      }
      if (sql.includes('FROM api_keys')) {
        state.reads += 1;
        const deleted = state.deleted;
        if (state.hold) await state.hold;
        return { rows: deleted ? [] : [rowOf(params[0] as string)], rowCount: deleted ? 0 : 1 };
      }
      if (sql.includes('FROM users')) return { rows: [{ frozen_at: state.frozen ? new Date() : null, frozen_reason: '', frozen_by: '' }], rowCount: 1 };
      if (sql.startsWith('UPDATE api_keys')) {
        state.marks += 1;
        return { rows: [], rowCount: 1 };
      }
      throw new Error(`unexpected statement ${sql}`);
    },
  } as unknown as Database;
  return { db, state };
}

/** A cache with a 5 s TTL on a clock the test moves, under fake timers (its renewals wait on one). */
function timedKeys(events = inProcessSessionEvents()) {
  vi.useFakeTimers();
  const { db, state } = fakeDb();
  const clock = { now: 0 };
  const keys = new LiveKeys(db, events, () => clock.now, 5_000);
  return { keys, state, clock, events };
}

describe('LiveKeys, the signed calls’ cache of keys', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a key once while it is fresh, and again after its TTL', async () => {
    const { db, state } = fakeDb();
    let now = 1_000_000;
    const keys = new LiveKeys(db, inProcessSessionEvents(), () => now, 5_000);
    expect((await keys.get(API_KEY))?.userId).toBe(USER);
    expect(await keys.get(API_KEY)).not.toBeNull();
    expect(state.reads).toBe(1);
    now += 5_001;
    await keys.get(API_KEY);
    expect(state.reads).toBe(2);
  });

  it('drops the user’s keys on a session event: a deletion and a freeze count at the next call', async () => {
    const { db, state } = fakeDb();
    const events = inProcessSessionEvents();
    const keys = new LiveKeys(db, events, () => 0, 60_000);
    expect((await keys.get(API_KEY))?.frozen).toBe(false);
    state.frozen = true;
    expect((await keys.get(API_KEY))?.frozen).toBe(false);
    events.changed(USER);
    expect((await keys.get(API_KEY))?.frozen).toBe(true);
    state.deleted = true;
    events.changed(USER);
    expect(await keys.get(API_KEY)).toBeNull();
    // Another user's event leaves the entry alone.
    state.deleted = false;
    await keys.get(API_KEY);
    const reads = state.reads;
    events.changed('someone-else');
    await keys.get(API_KEY);
    expect(state.reads).toBe(reads);
    keys.close();
  });

  it('does not keep a read that was in flight while the key was deleted', async () => {
    const { db, state } = fakeDb();
    const events = inProcessSessionEvents();
    const keys = new LiveKeys(db, events, () => 0, 60_000);
    let letGo = () => undefined as void;
    state.hold = new Promise<void>((resolve) => (letGo = resolve));
    const inFlight = keys.get(API_KEY);
    await new Promise((resolve) => setImmediate(resolve));
    // The deletion commits and is announced while the first read (which saw the key) is still out.
    state.deleted = true;
    events.changed(USER);
    state.hold = null;
    letGo();
    expect(await inFlight).toBeNull();
    expect(await keys.get(API_KEY)).toBeNull();
  });

  it('writes the last use once a minute per address', async () => {
    const { db, state } = fakeDb();
    const keys = new LiveKeys(db, inProcessSessionEvents(), () => 0);
    const key = await keys.get(API_KEY);
    if (!key) throw new Error('no key');
    await keys.markUsed(key, '192.0.2.1', new Date(0));
    await keys.markUsed(key, '192.0.2.1', new Date(59_000));
    expect(state.marks).toBe(1);
    await keys.markUsed(key, '192.0.2.2', new Date(59_500));
    await keys.markUsed(key, '192.0.2.2', new Date(119_500));
    expect(state.marks).toBe(3);
  });

  it('reads a key in use again before its entry expires, in the background, and serves it meanwhile', async () => {
    const { keys, state, clock } = timedKeys();
    await keys.get(API_KEY);
    clock.now = 3_900;
    await keys.get(API_KEY);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.batchReads).toBe(0);
    // Within the last fifth of its TTL the call is answered from the entry, and the key is due.
    clock.now = 4_100;
    expect((await keys.get(API_KEY))?.userId).toBe(USER);
    expect(state.batchReads).toBe(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(state.batchReads).toBe(1);
    // Renewed: past the first entry's expiry no call waits for a read.
    clock.now = 8_000;
    expect((await keys.get(API_KEY))?.userId).toBe(USER);
    expect(state.reads).toBe(1);
    keys.close();
  });

  it('renews the keys due together in one statement, with their users’ freezes in another', async () => {
    const { keys, state, clock } = timedKeys();
    await keys.get(API_KEY);
    await keys.get(OTHER_KEY);
    expect(state.reads).toBe(2);
    state.frozen = true;
    clock.now = 4_500;
    await keys.get(API_KEY);
    await keys.get(OTHER_KEY);
    await vi.advanceTimersByTimeAsync(100);
    expect([state.batchReads, state.freezeReads]).toEqual([1, 1]);
    clock.now = 9_000;
    expect((await keys.get(API_KEY))?.frozen).toBe(true);
    expect((await keys.get(OTHER_KEY))?.frozen).toBe(true);
    expect(state.reads).toBe(2);
    keys.close();
  });

  it('drops a key the renewal no longer finds, and keeps no renewal that was out while its user changed', async () => {
    const { keys, state, clock, events } = timedKeys();
    await keys.get(API_KEY);
    clock.now = 4_500;
    await keys.get(API_KEY);
    let letGo = () => undefined as void;
    state.hold = new Promise<void>((resolve) => (letGo = resolve));
    await vi.advanceTimersByTimeAsync(100);
    // The renewal read the key; the user's freeze is announced before it comes back.
    state.frozen = true;
    events.changed(USER);
    state.hold = null;
    letGo();
    await vi.advanceTimersByTimeAsync(0);
    expect((await keys.get(API_KEY))?.frozen).toBe(true);
    expect(state.reads).toBe(2);

    clock.now = 9_000;
    await keys.get(API_KEY);
    state.deleted = true;
    await vi.advanceTimersByTimeAsync(100);
    expect(state.batchReads).toBe(2);
    expect(await keys.get(API_KEY)).toBeNull();
    expect(state.reads).toBe(3);
    keys.close();
  });

  it('leaves the entry to expire when its renewal fails', async () => {
    const { keys, state, clock } = timedKeys();
    await keys.get(API_KEY);
    clock.now = 4_500;
    state.fail = true;
    await keys.get(API_KEY);
    await vi.advanceTimersByTimeAsync(100);
    state.fail = false;
    clock.now = 5_100;
    expect((await keys.get(API_KEY))?.userId).toBe(USER);
    expect(state.reads).toBe(2);
    keys.close();
  });
});
