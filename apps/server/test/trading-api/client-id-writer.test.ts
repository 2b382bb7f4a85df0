import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderOfClientId } from '../../src/modules/trading-api-private/client-ids.js';
import { ClientIdWriter } from '../../src/modules/trading-api-private/client-id-writer.js';
import { openLedgerDb, type LedgerDb } from '../ledger/ledger-db.js';

const keyed = (clOrdId: string, tag = '') => ({ clOrdId, tag });

describe.each(['pglite', 'postgres'] as const)('client ids taken a group of calls at a time, on %s', (kind) => {
  let kit: LedgerDb;
  beforeAll(async () => {
    kit = await openLedgerDb(kind);
  });
  afterAll(async () => {
    await kit.close();
  });

  it('gives a clOrdId asked twice in one group to the earlier call, and the same clOrdId of another user to that user', async () => {
    const writer = new ClientIdWriter(kit.db, () => new Date());
    const [u, v, w] = [randomUUID(), randomUUID(), randomUUID()];
    // The first call goes at once; the three after it wait for it and go together.
    const calls = [writer.reserve(w, [keyed('first')]), writer.reserve(u, [keyed('a')]), writer.reserve(u, [keyed('a'), keyed('b')]), writer.reserve(v, [keyed('a')])];
    const [first, earlier, later, other] = (await Promise.all(calls)) as [(string | null)[], (string | null)[], (string | null)[], (string | null)[]];
    expect(first).toEqual([expect.stringMatching(/^\d+$/)]);
    expect(earlier).toEqual([expect.stringMatching(/^\d+$/)]);
    expect(later).toEqual([null, expect.stringMatching(/^\d+$/)]);
    expect(other).toEqual([expect.stringMatching(/^\d+$/)]);
    expect(new Set([...first, ...earlier, later[1], ...other]).size).toBe(4);
    // Taken for good: a later call's is refused too.
    expect(await writer.reserve(u, [keyed('a'), keyed('c')])).toEqual([null, expect.stringMatching(/^\d+$/)]);
  });

  it('gives each call with a tag and no clOrdId its own reservation, however alike', async () => {
    const writer = new ClientIdWriter(kit.db, () => new Date());
    const u = randomUUID();
    const results = await Promise.all([writer.reserve(u, [keyed('', 'bot')]), writer.reserve(u, [keyed('', 'bot'), keyed('', 'bot')]), writer.reserve(u, [keyed('', 'other')])]);
    const ids = results.flat();
    expect(ids).toHaveLength(4);
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(new Set(ids).size).toBe(4);
  });

  it('binds placed orders and frees refused ones in one settlement, so a freed clOrdId can be taken again', async () => {
    const writer = new ClientIdWriter(kit.db, () => new Date());
    const u = randomUUID();
    const [placed, refused] = (await writer.reserve(u, [keyed('placed'), keyed('refused')])) as [string, string];
    const orderId = `o-${randomUUID()}`;
    await Promise.all([writer.settle([{ reservation: placed, orderId }], [refused]), writer.settle([], [])]);
    expect(await orderOfClientId(kit.db, u, 'placed')).toBe(orderId);
    expect(await orderOfClientId(kit.db, u, 'refused')).toBeNull();
    expect(await writer.reserve(u, [keyed('refused'), keyed('placed')])).toEqual([expect.stringMatching(/^\d+$/), null]);
  });

  it('gives each clOrdId to exactly one of many calls racing from two processes', async () => {
    const processes = [new ClientIdWriter(kit.db, () => new Date()), new ClientIdWriter(kit.db, () => new Date())];
    const u = randomUUID();
    const names = Array.from({ length: 20 }, (_, i) => `race-${i}`);
    const calls = Array.from({ length: 60 }, (_, i) => (processes[i % 2] as ClientIdWriter).reserve(u, [keyed(names[i % names.length] as string)]));
    const results = (await Promise.all(calls)).map((r) => r[0]);
    for (const name of names) {
      const winners = results.filter((id, i) => id !== null && names[i % names.length] === name);
      expect(winners, name).toHaveLength(1);
    }
  });
});
