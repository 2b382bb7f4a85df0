import { describe, expect, it } from 'vitest';
import type { FeeTierName } from '@exchange/contract';
import type { Queryable } from '../../src/db/database.js';
import { FeeSchedule, TIER_TTL_MS } from '../../src/modules/fee-tier/schedule.js';

/** fee_rates as the schedule reads them: Premium's taker rates differ from Level 1's, and its futures maker rate is above its taker one. */
const ratesTable: Queryable = {
  query: <T>() =>
    Promise.resolve({
      rows: [
        { tier: 'level_1', maker_rate: '0.001', taker_rate: '0.001', futures_maker_rate: '0.0005', futures_taker_rate: '0.0005' },
        { tier: 'premium', maker_rate: '0.0005', taker_rate: '0.0007', futures_maker_rate: '0.0003', futures_taker_rate: '0.0002' },
      ] as T[],
      rowCount: 2,
    }),
};

/** A tier lookup whose answers the test gives one at a time, counting the lookups. */
function heldLookups() {
  const waiting: { resolve: (tier: FeeTierName) => void; reject: (err: Error) => void }[] = [];
  return {
    waiting,
    tierOf: (_userId: string) => new Promise<FeeTierName>((resolve, reject) => waiting.push({ resolve, reject })),
  };
}

async function schedule(lookups: ReturnType<typeof heldLookups>, clock: { ms: number }) {
  const fees = new FeeSchedule(ratesTable, lookups.tierOf, () => clock.ms);
  await fees.refresh();
  return fees;
}

describe('FeeSchedule.learn', () => {
  it('works a user’s tier out once however many orders ask while it is being worked out', async () => {
    const lookups = heldLookups();
    const fees = await schedule(lookups, { ms: 0 });
    // An open-loop client: a hundred orders of one user arrive before the first lookup answers.
    let learnt = 0;
    const asking = Array.from({ length: 100 }, () => fees.learn('u1').then(() => (learnt += 1)));
    expect(lookups.waiting).toHaveLength(1);
    await Promise.resolve();
    expect(learnt).toBe(0);
    lookups.waiting[0]?.resolve('premium');
    await Promise.all(asking);
    expect(learnt).toBe(100);
    expect(fees.rate('u1', 'taker').toFixed()).toBe('0.0007');
  });

  it('uses a known tier past its TTL at once while one lookup works it out again', async () => {
    const lookups = heldLookups();
    const clock = { ms: 0 };
    const fees = await schedule(lookups, clock);
    const first = fees.learn('u1');
    lookups.waiting[0]?.resolve('level_1');
    await first;
    clock.ms = TIER_TTL_MS - 1;
    await fees.learn('u1');
    expect(lookups.waiting).toHaveLength(1);

    clock.ms = TIER_TTL_MS;
    await Promise.all(Array.from({ length: 10 }, () => fees.learn('u1')));
    expect(lookups.waiting).toHaveLength(2);
    expect(fees.rate('u1', 'taker').toFixed()).toBe('0.001');
    lookups.waiting[1]?.resolve('premium');
    await new Promise((resolve) => setImmediate(resolve));
    expect(fees.rate('u1', 'taker').toFixed()).toBe('0.0007');
  });

  it('keeps what it knew when a lookup fails, and looks again on the next order', async () => {
    const lookups = heldLookups();
    const fees = await schedule(lookups, { ms: 0 });
    const failing = fees.learn('u1');
    lookups.waiting[0]?.reject(new Error('pool closed'));
    await expect(failing).resolves.toBeUndefined();
    expect(fees.rate('u1', 'taker').toFixed()).toBe('0.001');

    const again = fees.learn('u1');
    expect(lookups.waiting).toHaveLength(2);
    lookups.waiting[1]?.resolve('premium');
    await again;
    expect(fees.rate('u1', 'taker').toFixed()).toBe('0.0007');
  });
});

describe('FeeSchedule futures rates (issue 43)', () => {
  it('answers a user’s tier’s futures maker and taker rate, and reserves the higher of the two', async () => {
    const lookups = heldLookups();
    const fees = await schedule(lookups, { ms: 0 });
    // Not worked out yet: Level 1's.
    expect([fees.futuresRate('u1', 'maker').toFixed(), fees.futuresRate('u1', 'taker').toFixed(), fees.futuresReserve('u1').toFixed()]).toEqual(['0.0005', '0.0005', '0.0005']);
    const learning = fees.learn('u1');
    lookups.waiting[0]?.resolve('premium');
    await learning;
    expect([fees.futuresRate('u1', 'maker').toFixed(), fees.futuresRate('u1', 'taker').toFixed()]).toEqual(['0.0003', '0.0002']);
    // Premium's maker rate is above its taker rate here: an order's hold must cover a fill at either.
    expect(fees.futuresReserve('u1').toFixed()).toBe('0.0003');
    expect(fees.rate('u1', 'maker').toFixed()).toBe('0.0005');
  });
});
