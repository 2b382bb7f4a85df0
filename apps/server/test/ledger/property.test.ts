import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, systemOwners } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/products.js';
import { InsufficientBalanceError } from '../../src/ledger/errors.js';
import type { LedgerTx } from '../../src/ledger/ledger.js';
import { accountRef, type AccountRef, type Hold } from '../../src/ledger/postings.js';
import { Dec } from '../../src/shared/decimal.js';
import type { DbKind } from '../helpers.js';
import { createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';
import { transfer } from '../../src/modules/wallets/transfer-service.js';
import { approveAdjustment, proposeAdjustment, type AdjustmentActor } from '../../src/modules/console/adjustments.js';

type Wallet = 'spot' | 'futures' | 'funding';
const WALLETS: readonly Wallet[] = ['spot', 'futures', 'funding'];
type Op =
  | { op: 'grant'; amount: string }
  | { op: 'transfer'; amount: string; from: number; to: number }
  | { op: 'hold'; amount: string; wallet: number }
  | { op: 'release'; pick: number }
  | { op: 'consume'; pick: number; part: number }
  | { op: 'adjust'; amount: string; wallet: number; debit: boolean };

const amount = fc.integer({ min: 1, max: 5_000_000 }).map((n) => new Dec(n).div(10_000).toFixed());
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('grant' as const), amount }),
  fc.record({ op: fc.constant('transfer' as const), amount, from: fc.nat(2), to: fc.nat(1) }),
  fc.record({ op: fc.constant('hold' as const), amount, wallet: fc.nat(2) }),
  fc.record({ op: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('consume' as const), pick: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ op: fc.constant('adjust' as const), amount, wallet: fc.nat(1), debit: fc.boolean() }),
);

/** Two operators of the four-eyes adjustments (the console's flow): one proposes, the other approves. */
const operator = (): AdjustmentActor => ({ operator: { userId: randomUUID(), email: 'ops@example.com', roles: ['treasury'], actingRole: 'treasury' }, at: new Date(), address: null });

/** The simple model: per wallet available and locked, plus the live holds. */
interface Model {
  available: Record<Wallet, Dec>;
  locked: Record<Wallet, Dec>;
  holds: { hold: Hold; wallet: Wallet; remaining: Dec }[];
}

const ZERO = new Dec(0);

/**
 * Each step is a batch: its operations are submitted at once, so the writer runs them in one
 * statement, in submission order, and the model follows that order. An operation the model says
 * the balance cannot pay must be refused with InsufficientBalanceError and change nothing. (A
 * refusal decided on a cached balance is decided again in the next batch, after the operations
 * behind it: so a refusal is only asked for when nothing behind it in its batch can add money.)
 */
describe.each<DbKind>(['pglite', 'postgres'])('ledger posting API property on %s', (kind) => {
  let t: LedgerDb;

  beforeAll(async () => {
    t = await openLedgerDb(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('random batches of grants, transfers between Funding, Spot and Futures, holds, releases, spends and approved adjustments keep every invariant and match the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }), async (steps) => {
        const user = await createUser(t.db);
        const account = (wallet: Wallet): AccountRef => accountRef(user.id, 'USDT', wallet);
        const m: Model = { available: { spot: ZERO, futures: ZERO, funding: ZERO }, locked: { spot: ZERO, futures: ZERO, funding: ZERO }, holds: [] };
        for (const ops of steps) {
          const submitted: Promise<void>[] = [];
          for (const [i, step] of ops.entries()) {
            const creditsFollow = ops.slice(i + 1).some((o) => o.op === 'grant' || o.op === 'transfer' || o.op === 'release');
            const job = (reads: AccountRef[], run: (tx: LedgerTx) => void) => submitted.push(t.ledger.transact({ reads, run }));
            const refused = (reads: AccountRef[], run: (tx: LedgerTx) => void) => {
              if (!creditsFollow) submitted.push(expect(t.ledger.transact({ reads, run })).rejects.toBeInstanceOf(InsufficientBalanceError));
            };
            if (step.op === 'grant') {
              const value = new Dec(step.amount);
              job([], (tx) => {
                tx.post({
                  kind: 'demo_grant',
                  userId: user.id,
                  ref: null,
                  legs: [
                    { account: accountRef(systemOwners.demoGrant, 'USDT', 'spot'), amount: value.neg() },
                    { account: account('spot'), amount: value },
                  ],
                });
              });
              m.available.spot = m.available.spot.plus(value);
            } else if (step.op === 'transfer') {
              // The wallets' own transfer flow (modules/wallets), in any of the six directions.
              const from = WALLETS[step.from] as Wallet;
              const to = WALLETS.filter((w) => w !== from)[step.to] as Wallet;
              const value = new Dec(step.amount);
              const send = () => transfer(t.transfers, user.id, { symbol: 'USDT', amount: step.amount, from, to }).then(() => undefined);
              if (m.available[from].lt(value)) {
                if (!creditsFollow) submitted.push(expect(send()).rejects.toBeInstanceOf(InsufficientBalanceError));
              } else {
                submitted.push(send());
                m.available[from] = m.available[from].minus(value);
                m.available[to] = m.available[to].plus(value);
              }
            } else if (step.op === 'adjust') {
              // An approved adjustment books in its own transaction beside the writer's batches: the
              // step's jobs so far are answered first, so that the model's order is the database's.
              await Promise.all(submitted.splice(0));
              const wallet = (['spot', 'funding'] as const)[step.wallet] as 'spot' | 'funding';
              const value = new Dec(step.amount);
              const input = { userId: user.id, asset: 'USDT', wallet, direction: step.debit ? ('debit' as const) : ('credit' as const), amount: step.amount, reason: 'property' };
              const { id } = await proposeAdjustment(t.db, input, operator());
              const approval = approveAdjustment(t.db, t.ledger, id, operator(), { emit: () => undefined });
              if (step.debit && m.available[wallet].lt(value)) {
                await expect(approval).rejects.toMatchObject({ statusCode: 409 });
              } else {
                await approval;
                m.available[wallet] = step.debit ? m.available[wallet].minus(value) : m.available[wallet].plus(value);
              }
            } else if (step.op === 'hold') {
              const wallet = WALLETS[step.wallet] as Wallet;
              const value = new Dec(step.amount);
              if (m.available[wallet].lt(value)) {
                refused([account(wallet)], (tx) => void tx.placeHold(account(wallet), value, 'order'));
              } else {
                const entry = { hold: null as unknown as Hold, wallet, remaining: value };
                job([account(wallet)], (tx) => {
                  entry.hold = tx.placeHold(account(wallet), value, 'order');
                });
                m.holds.push(entry);
                m.available[wallet] = m.available[wallet].minus(value);
                m.locked[wallet] = m.locked[wallet].plus(value);
              }
            } else if (m.holds.length > 0) {
              const index = step.pick % m.holds.length;
              const h = m.holds[index] as Model['holds'][number];
              if (step.op === 'release') {
                job([], (tx) => tx.release(h.hold));
                m.available[h.wallet] = m.available[h.wallet].plus(h.remaining);
                m.locked[h.wallet] = m.locked[h.wallet].minus(h.remaining);
                m.holds.splice(index, 1);
              } else {
                const take = h.remaining.mul(step.part).div(100).toDecimalPlaces(18, Dec.ROUND_DOWN);
                if (take.isZero()) continue;
                job([], (tx) => {
                  tx.post({
                    kind: 'order_fill',
                    userId: user.id,
                    ref: null,
                    legs: [
                      { account: account(h.wallet), amount: take.neg(), hold: h.hold },
                      { account: accountRef(systemOwners.marketMaker, 'USDT', 'spot'), amount: take },
                    ],
                  });
                });
                h.remaining = h.remaining.minus(take);
                m.locked[h.wallet] = m.locked[h.wallet].minus(take);
                if (h.remaining.isZero()) m.holds.splice(index, 1);
              }
            }
          }
          await Promise.all(submitted);
        }
        const rows = await balancesOf(t.db, user.id);
        for (const wallet of WALLETS) {
          const row = rows.find((r) => r.wallet === wallet);
          expect(new Dec(row?.available ?? 0).toFixed()).toBe(m.available[wallet].toFixed());
          expect(new Dec(row?.locked ?? 0).toFixed()).toBe(m.locked[wallet].toFixed());
        }
        expect(await checkLedger(t.db)).toEqual([]);
      }),
      { numRuns: kind === 'postgres' ? 40 : 20 },
    );
  });
});
