import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, chainSimulator, manualClock, startApp, type DbKind, type TestApp } from '../helpers.js';
import { lockedMatchesHolds, newUser, type TestUser } from '../trading/trading-helpers.js';
import { saveAddress } from '../trading-api/asset-helpers.js';
import { balanceOf, submit, TRON_DESTINATION, withdrawals } from './withdraw-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');
const FEE = new Dec(trc20.coins.find((c) => c.symbol === 'USDT')?.withdraw_fee ?? '0');

type Op =
  | { op: 'deposit'; who: number; amount: number }
  | { op: 'withdraw'; who: number; amount: number; source: 'funding' | 'spot' }
  | { op: 'internal'; who: number; amount: number }
  | { op: 'keyWithdraw'; who: number; amount: number; source: 'funding' | 'spot' }
  | { op: 'cancel'; pick: number }
  | { op: 'review'; pick: number; approve: boolean }
  | { op: 'refuse' }
  | { op: 'blocks'; seconds: number };

const who = fc.integer({ min: 0, max: 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), who, amount: fc.integer({ min: 1, max: 3000 }) }),
  fc.record({ op: fc.constant('withdraw' as const), who, amount: fc.integer({ min: 1, max: 4000 }), source: fc.constantFrom('funding' as const, 'spot' as const) }),
  fc.record({ op: fc.constant('internal' as const), who, amount: fc.integer({ min: 1, max: 2000 }) }),
  fc.record({ op: fc.constant('keyWithdraw' as const), who, amount: fc.integer({ min: 1, max: 4000 }), source: fc.constantFrom('funding' as const, 'spot' as const) }),
  fc.record({ op: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('review' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ op: fc.constant('refuse' as const) }),
  fc.record({ op: fc.constant('blocks' as const), seconds: fc.integer({ min: 1, max: 25 }) }),
);

/**
 * Deposits, withdrawals (on chain, internal, by API key to the address book and held at once,
 * cancelled, reviewed, failed on chain) and blocks in a
 * random order, two users at a time: after every run each user's money is what a simple model
 * says (what came in, less what left or is held), and every ledger invariant holds, the deposit
 * and withdrawal rules of `ledger:check` included.
 */
describe.each<DbKind>(['pglite', 'postgres'])('random deposits and withdrawals on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now, withdrawals: { dailyLimitUsdt: '1000000', reviewThresholdUsdt: '2500' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const blocks = async (seconds: number) => {
    clock.advance(seconds * 1000);
    await t.app.services.deposits.step();
    await t.app.services.withdrawals.processor.step();
  };

  it('keeps every user’s money and every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 14 }), async (ops) => {
        const users: TestUser[] = [await newUser(t.app), await newUser(t.app)];
        for (const u of users) await saveAddress(t.app, u, TRON_DESTINATION);
        const ids: { user: TestUser; id: string }[] = [];
        for (const o of ops) {
          if (o.op === 'deposit') {
            const u = users[o.who] as TestUser;
            await t.app.inject({
              method: 'POST',
              url: '/api/v1/simulated-chain/deposits',
              headers: bearer(u.token),
              payload: { apikey: DEFAULT_API_KEY, uid: u.uid, network_id: trc20.id, symbol: 'USDT', amount: o.amount },
            });
          } else if (o.op === 'withdraw' || o.op === 'internal') {
            const u = users[o.who] as TestUser;
            const query: Record<string, string | number> =
              o.op === 'withdraw'
                ? { wallet_id: 0, initial_amount: o.amount, network_id: trc20.id, address: TRON_DESTINATION, source: o.source }
                : { wallet_id: 0, initial_amount: o.amount, recipient: (users[1 - o.who] as TestUser).email, source: 'spot' };
            const res = await submit(t.app, u, query);
            expect([200, 400, 403], res.body).toContain(res.statusCode);
            if (res.statusCode === 200) ids.push({ user: u, id: (res.json() as { withdrawal: { id: string } }).withdrawal.id });
          } else if (o.op === 'keyWithdraw') {
            const u = users[o.who] as TestUser;
            const input = { symbol: 'USDT', networkId: trc20.id, address: TRON_DESTINATION, memo: '', amount: String(o.amount), source: o.source, keyLabel: 'bot' };
            const made = await t.app.services.withdrawals.service.submitFromKey(u.userId, input).catch((err: { statusCode?: number }) => {
              expect([400, 403]).toContain(err.statusCode);
              return null;
            });
            if (made) ids.push({ user: u, id: made.record.id });
          } else if (o.op === 'cancel' && ids.length > 0) {
            const { user, id } = ids[o.pick % ids.length] as { user: TestUser; id: string };
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/v1/withdrawals/${id}/cancel`,
              headers: bearer(user.token),
              payload: { apikey: DEFAULT_API_KEY, uid: user.uid },
            });
            expect([200, 409]).toContain(res.statusCode);
          } else if (o.op === 'review' && ids.length > 0) {
            const { id } = ids[o.pick % ids.length] as { id: string };
            await (o.approve ? t.app.services.withdrawals.service.approve(id) : t.app.services.withdrawals.service.reject(id, 'random review')).catch((err: { statusCode?: number }) => {
              expect(err.statusCode).toBe(409);
            });
          } else if (o.op === 'refuse') {
            chainSimulator(t.app).refuseNextPayout(trc20.id);
          } else if (o.op === 'blocks') {
            await blocks(o.seconds);
          }
        }
        await blocks(trc20.confirmations + 1);
        await blocks(trc20.confirmations + 1);

        // The model: 10,000 USDT granted in spot, credited deposits in funding, less what left or is held.
        const all = await Promise.all(users.map((u) => withdrawals(t.app, u)));
        for (const [i, u] of users.entries()) {
          const history = await t.app.inject({ url: `/api/v1/transaction-history/${u.uid}?apikey=${DEFAULT_API_KEY}&transaction_type=deposit`, headers: bearer(u.token) });
          const credited = (history.json() as { status: string; amount: string }[]).filter((d) => d.status === 'credited').reduce((s, d) => s.plus(d.amount), new Dec(0));
          const mine = all[i] ?? [];
          // Held money is still the user's (locked); only a completed withdrawal has left.
          const out = (source: string) => mine.filter((w) => w.source === source && w.status === 'completed').reduce((s, w) => s.plus(w.amount), new Dec(0));
          const held = (source: string) =>
            mine.filter((w) => w.source === source && ['prepared', 'review', 'processing'].includes(w.status)).reduce((s, w) => s.plus(w.amount), new Dec(0));
          const received = (all[1 - i] ?? []).filter((w) => w.kind === 'internal' && w.status === 'completed').reduce((s, w) => s.plus(w.amount), new Dec(0));
          const spot = await balanceOf(t.app, u.userId, 'USDT', 'spot');
          const funding = await balanceOf(t.app, u.userId, 'USDT', 'funding');
          expect(new Dec(spot.available).plus(spot.locked).toFixed()).toBe(new Dec(10_000).minus(out('spot')).toFixed());
          expect(spot.locked).toBe(held('spot').toFixed());
          expect(new Dec(funding.available).plus(funding.locked).toFixed()).toBe(credited.plus(received).minus(out('funding')).toFixed());
          expect(funding.locked).toBe(held('funding').toFixed());
          for (const w of mine) if (w.status === 'completed' && w.kind === 'onchain') expect(w.final_amount).toBe(new Dec(w.amount).minus(FEE).toFixed());
        }
        expect(await checkLedger(t.app.services.db)).toEqual([]);
        expect(await lockedMatchesHolds(t.app)).toBe(true);
      }),
      { numRuns: kind === 'postgres' ? 12 : 6 },
    );
  }, 120_000);
});
