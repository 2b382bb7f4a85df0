import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { lockedMatchesHolds } from '../trading/trading-helpers.js';
import { balance, DAY_MS, earnings, fundFunding, redeem, subscribe } from './earn-helpers.js';

/** The products the flow uses, with the seed's APR and term. */
const PRODUCTS = {
  'USDT-FLEX': { apr: '0.045', term: null },
  'USDT-3D': { apr: '0.05', term: 3 },
  'USDT-7D': { apr: '0.06', term: 7 },
} as const;
type ProductId = keyof typeof PRODUCTS;

type Op =
  | { op: 'subscribe'; who: number; product: ProductId; amount: number; source: 'spot' | 'funding' }
  | { op: 'redeem'; pick: number }
  | { op: 'redeemPart'; pick: number; percent: number }
  | { op: 'time'; hours: number }
  | { op: 'run' };

const who = fc.integer({ min: 0, max: 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('subscribe' as const), who, product: fc.constantFrom<ProductId>('USDT-FLEX', 'USDT-3D', 'USDT-7D'), amount: fc.integer({ min: 1, max: 6000 }), source: fc.constantFrom('spot' as const, 'funding' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('redeem' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('redeemPart' as const), pick: fc.nat(), percent: fc.integer({ min: 1, max: 100 }) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 80 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('run' as const) }) },
);

interface ModelPosition {
  id: string;
  user: number;
  product: ProductId;
  /** What it holds now. */
  principal: Dec;
  /** Its partial redemptions: when (ms) and how much. */
  parts: { at: number; amount: Dec }[];
  source: 'spot' | 'funding';
  /** Index of the first whole UTC day it earns. */
  firstDay: number;
  /** Time (ms) it was redeemed, or null. */
  redeemedAt: number | null;
}

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
const daily = (principal: Dec, apr: string) => principal.mul(apr).div(365).toDecimalPlaces(8, Dec.ROUND_DOWN);

/** Interest a position has earned once every whole day before `now` is paid. */
function expectedInterest(p: ModelPosition, now: number): Dec {
  const { apr, term } = PRODUCTS[p.product];
  let last = dayOf(now) - 1;
  if (term !== null) last = Math.min(last, p.firstDay + term - 1);
  // A day counts only when the position was still held at its end.
  if (p.redeemedAt !== null) last = Math.min(last, dayOf(p.redeemedAt) - 1);
  let total = new Dec(0);
  for (let day = p.firstDay; day <= last; day++) {
    // Held through the day: what it holds now and every part that left after the day ended.
    const end = (day + 1) * DAY_MS;
    const held = p.parts.filter((part) => part.at >= end).reduce((sum, part) => sum.plus(part.amount), p.principal);
    total = total.plus(daily(held, apr));
  }
  return total;
}

/**
 * Subscriptions (spot or funding, flexible or fixed), redemptions whole or in part (fixed ones refused before
 * maturity), time passing and the Earn job in a random order, two users at a time: after each run
 * every wallet holds what a simple model says (what came in, less what is in Earn, plus each
 * position's whole days of interest), the earnings answer agrees, and every ledger invariant holds.
 */
describe.each<DbKind>(['pglite', 'postgres'])('random Earn flows on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now, jwtTtlSeconds: 3650 * 86_400 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps every user’s money and every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 14 }), async (ops) => {
        const users: SignedUpUser[] = [await signUpUser(t.app, 'earn-a'), await signUpUser(t.app, 'earn-b')];
        for (const u of users) await fundFunding(t.app, u.userId, 'USDT', '3000');
        const model: ModelPosition[] = [];
        for (const o of ops) {
          if (o.op === 'subscribe') {
            const u = users[o.who] as SignedUpUser;
            const res = await subscribe(t.app, u, { product_id: o.product, amount: o.amount, source: o.source });
            expect([201, 400], res.body).toContain(res.statusCode);
            if (res.statusCode === 201) {
              const { position } = res.json() as { position: { id: string; accrues_from: string } };
              model.push({ id: position.id, user: o.who, product: o.product, principal: new Dec(o.amount), parts: [], source: o.source, firstDay: dayOf(new Date(position.accrues_from).getTime()), redeemedAt: null });
            }
          } else if (o.op === 'redeem' && model.length > 0) {
            const p = model[o.pick % model.length] as ModelPosition;
            const res = await redeem(t.app, users[p.user] as SignedUpUser, p.id);
            const term = PRODUCTS[p.product].term;
            const matured = term === null || clock.now().getTime() >= (p.firstDay + term) * DAY_MS;
            if (p.redeemedAt !== null) expect(res.statusCode).toBe(409);
            else if (!matured) expect(res.statusCode).toBe(400);
            else {
              expect(res.statusCode, res.body).toBe(200);
              p.redeemedAt = clock.now().getTime();
            }
          } else if (o.op === 'redeemPart' && model.length > 0) {
            const p = model[o.pick % model.length] as ModelPosition;
            const amount = p.principal.mul(o.percent).div(100).toDecimalPlaces(2, Dec.ROUND_DOWN);
            const res = await redeem(t.app, users[p.user] as SignedUpUser, p.id, undefined, amount.toFixed());
            const term = PRODUCTS[p.product].term;
            const matured = term === null || clock.now().getTime() >= (p.firstDay + term) * DAY_MS;
            // An amount that is not positive is refused as a bad request before the position is looked at.
            if (amount.lte(0)) expect(res.statusCode).toBe(400);
            else if (p.redeemedAt !== null) expect(res.statusCode).toBe(409);
            else if (!matured) expect(res.statusCode).toBe(400);
            else {
              expect(res.statusCode, res.body).toBe(200);
              if (amount.eq(p.principal)) p.redeemedAt = clock.now().getTime();
              else {
                p.parts.push({ at: clock.now().getTime(), amount });
                p.principal = p.principal.minus(amount);
              }
            }
          } else if (o.op === 'time') {
            clock.advance(o.hours * 3_600_000);
          } else if (o.op === 'run') {
            await t.app.services.earn.accrual.run();
          }
        }
        await t.app.services.earn.accrual.run();

        const now = clock.now().getTime();
        for (const [i, u] of users.entries()) {
          const mine = model.filter((p) => p.user === i);
          const sum = (list: ModelPosition[], f: (p: ModelPosition) => Dec) => list.reduce((s, p) => s.plus(f(p)), new Dec(0));
          const inEarn = (source: 'spot' | 'funding') => sum(mine.filter((p) => p.source === source && p.redeemedAt === null), (p) => p.principal);
          const interest = sum(mine, (p) => expectedInterest(p, now));
          expect(await balance(t.app, u.userId, 'USDT', 'spot')).toBe(new Dec(10_000).minus(inEarn('spot')).toFixed());
          expect(await balance(t.app, u.userId, 'USDT', 'funding')).toBe(new Dec(3000).minus(inEarn('funding')).plus(interest).toFixed());
          const answer = await earnings(t.app, u);
          const usdt = answer.totals.find((r) => r.symbol === 'USDT');
          expect(usdt?.interest ?? '0').toBe(interest.toFixed());
          expect(usdt?.principal ?? '0').toBe(inEarn('spot').plus(inEarn('funding')).toFixed());
        }
        expect(await checkLedger(t.app.services.db)).toEqual([]);
        expect(await lockedMatchesHolds(t.app)).toBe(true);
      }),
      { numRuns: kind === 'postgres' ? 12 : 6 },
    );
    // Up to 14 steps of HTTP calls per run: longer than the default on a busy two-core machine.
  }, 180_000);
});
