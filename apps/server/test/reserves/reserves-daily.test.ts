import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DailySnapshots } from '../../src/modules/reserves/daily.js';
import { reservesDepsOf } from '../../src/modules/reserves/index.js';
import { latestSnapshot, recentSnapshots } from '../../src/modules/reserves/store.js';
import { FEATURE_DB, manualClock, signUpUser, startApp, type TestApp } from '../helpers.js';
import { closeChecked } from '../trading/trading-helpers.js';

/** The daily snapshot (docs/reserves.md, "Snapshots"): one per UTC day, at the first tick of a day without one. */
describe('the daily proof-of-reserves snapshot', () => {
  // A minute before midnight UTC, so the test crosses into the next day.
  const clock = manualClock(Date.UTC(2026, 10, 29, 23, 59, 0));
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(FEATURE_DB, { now: clock.now });
    await signUpUser(t.app, 'por-daily');
  });
  afterAll(() => closeChecked(t));

  it('takes one at the first tick of a UTC day without one, none more that day, and the next day’s after midnight', async () => {
    const daily = new DailySnapshots(reservesDepsOf(t.app.services), t.app.services.clock, t.app.services.log);
    const tick = () => daily.takeIfDue(clock.now().getTime());
    expect(await tick()).toBe(true);
    const first = await latestSnapshot(t.app.services.db);
    expect(first).toMatchObject({ takenAt: clock.now(), users: 1 });

    clock.advance(30_000);
    expect(await tick()).toBe(false);
    clock.advance(60_000);
    expect(await tick()).toBe(true);
    expect(await tick()).toBe(false);

    const taken = await recentSnapshots(t.app.services.db, 10);
    expect(taken.map((s) => s.takenAt.toISOString())).toEqual(['2026-11-30T00:00:30.000Z', '2026-11-29T23:59:00.000Z']);
    expect(taken[1]!.rootHash).toBe(first!.rootHash);
  });
});
