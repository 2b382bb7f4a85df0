import fc from 'fast-check';
import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { balancesOf, systemOwners, type WalletKind } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/ledger/check.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { InsufficientBalanceError } from '../../src/ledger/errors.js';
import { placeHold, releaseHold } from '../../src/ledger/holds.js';
import { book } from '../../src/ledger/journal.js';
import { transfer } from '../../src/ledger/transfers.js';
import { createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

type Op =
  | { op: 'grant'; amount: string }
  | { op: 'transfer'; amount: string; toFutures: boolean }
  | { op: 'hold'; amount: string; futures: boolean }
  | { op: 'release'; pick: number }
  | { op: 'consume'; pick: number; part: number };

const amount = fc.integer({ min: 1, max: 5_000_000 }).map((n) => new Decimal(n).div(10_000).toFixed());
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('grant' as const), amount }),
  fc.record({ op: fc.constant('transfer' as const), amount, toFutures: fc.boolean() }),
  fc.record({ op: fc.constant('hold' as const), amount, futures: fc.boolean() }),
  fc.record({ op: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('consume' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }),
);

/** The simple model: per wallet available and locked, plus the remaining amount of each live hold. */
interface Model {
  available: Record<'spot' | 'futures', Decimal>;
  locked: Record<'spot' | 'futures', Decimal>;
  holds: { id: string; wallet: 'spot' | 'futures'; remaining: Decimal }[];
}

async function expectRefused(p: Promise<unknown>): Promise<void> {
  await expect(p).rejects.toBeInstanceOf(InsufficientBalanceError);
}

describe('ledger property on pglite', () => {
  let t: LedgerDb;
  let db: Database;

  beforeAll(async () => {
    t = await openLedgerDb('pglite');
    db = t.db;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('random grants, transfers, holds, releases and consumes keep every invariant and match the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 15 }), async (ops) => {
        const user = await createUser(db);
        const m: Model = {
          available: { spot: new Decimal(0), futures: new Decimal(0) },
          locked: { spot: new Decimal(0), futures: new Decimal(0) },
          holds: [],
        };
        for (const step of ops) {
          if (step.op === 'grant') {
            await grantDemo(db, user.id, step.amount);
            m.available.spot = m.available.spot.plus(step.amount);
          } else if (step.op === 'transfer') {
            const from = step.toFutures ? 'spot' : 'futures';
            const to = step.toFutures ? 'futures' : 'spot';
            const p = transfer(db, user.id, { symbol: 'USDT', amount: step.amount, from, to });
            if (m.available[from].lt(step.amount)) {
              await expectRefused(p);
            } else {
              await p;
              m.available[from] = m.available[from].minus(step.amount);
              m.available[to] = m.available[to].plus(step.amount);
            }
          } else if (step.op === 'hold') {
            const wallet = step.futures ? 'futures' : 'spot';
            const p = db.tx((q) =>
              placeHold(q, { account: { owner: user.id, asset: 'USDT', wallet }, amount: step.amount, reason: 'order' }),
            );
            if (m.available[wallet].lt(step.amount)) {
              await expectRefused(p);
            } else {
              m.holds.push({ id: await p, wallet, remaining: new Decimal(step.amount) });
              m.available[wallet] = m.available[wallet].minus(step.amount);
              m.locked[wallet] = m.locked[wallet].plus(step.amount);
            }
          } else if (m.holds.length > 0) {
            const index = step.pick % m.holds.length;
            const hold = m.holds[index]!;
            if (step.op === 'release') {
              expect(await db.tx((q) => releaseHold(q, hold.id))).toBe(true);
              m.available[hold.wallet] = m.available[hold.wallet].plus(hold.remaining);
              m.locked[hold.wallet] = m.locked[hold.wallet].minus(hold.remaining);
              m.holds.splice(index, 1);
            } else {
              const take = hold.remaining.times(step.part).div(100).toDecimalPlaces(18, Decimal.ROUND_DOWN);
              if (take.isZero()) continue;
              const wallet: WalletKind = hold.wallet;
              await db.tx((q) =>
                book(q, {
                  kind: 'order_fill',
                  userId: user.id,
                  legs: [
                    { account: { owner: user.id, asset: 'USDT', wallet }, amount: take.neg().toFixed(), holdId: hold.id },
                    { account: { owner: systemOwners.marketMaker, asset: 'USDT', wallet: 'spot' }, amount: take.toFixed() },
                  ],
                }),
              );
              hold.remaining = hold.remaining.minus(take);
              m.locked[hold.wallet] = m.locked[hold.wallet].minus(take);
              if (hold.remaining.isZero()) m.holds.splice(index, 1);
            }
          }
        }
        const rows = await balancesOf(db, user.id);
        for (const wallet of ['spot', 'futures'] as const) {
          const row = rows.find((r) => r.wallet === wallet);
          expect(new Decimal(row?.available ?? 0).toFixed()).toBe(m.available[wallet].toFixed());
          expect(new Decimal(row?.locked ?? 0).toFixed()).toBe(m.locked[wallet].toFixed());
        }
        expect(await checkLedger(db)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
