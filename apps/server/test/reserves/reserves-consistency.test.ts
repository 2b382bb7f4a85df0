import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY, submitWithdrawalResponse } from '@exchange/contract';
import { buildSumTree, proofOf, toUnits, verifyProof, type LeafInput } from '@exchange/contract/reserves';
import type { App } from '../../src/app.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { reservesDepsOf, takeSnapshot } from '../../src/modules/reserves/index.js';
import { leavesJson } from '../../src/modules/reserves/store.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { closeChecked, placeOrder } from '../trading/trading-helpers.js';
import { confirmWithdrawal, mailedWithdrawalCodes, submit, submitUnconfirmed, TRON_DESTINATION, withdrawals } from '../funds/withdraw-helpers.js';

const trc20 = networkByCode('TRC20');
if (!trc20) throw new Error('no TRC20 network');
const GRANT = '10000';
/** Each sent withdrawal; the user's hold of it leaves the user's accounts when it is paid out. */
const SENT = '100';
/** The refused one: above the review threshold, rejected while the snapshots run. Not a multiple of SENT, so a snapshot counting it gone shows. */
const REFUSED = '1500.25';

function transfer(app: App, u: SignedUpUser, from: 'spot' | 'futures', to: 'spot' | 'futures', amount: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/transfers',
    headers: bearer(u.token),
    payload: { apikey: DEFAULT_API_KEY, uid: u.uid, transfer_from: from, transfer_to: to, symbol: 'USDT', amount },
  });
}

function subscribe(app: App, u: SignedUpUser, amount: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/earn/subscriptions',
    headers: bearer(u.token),
    payload: { apikey: DEFAULT_API_KEY, uid: u.uid, product_id: 'USDT-FLEX', amount, source: 'spot' },
  });
}

const onchain = (amount: string) => ({ wallet_id: 0, initial_amount: amount, network_id: trc20.id, address: TRON_DESTINATION, source: 'spot' });

/**
 * Money moving between a user's own wallets and Earn, held by their resting orders or by a
 * withdrawal (requested, held, sent, refused), never changes what the user is owed; only a
 * withdrawal paid out on chain does, by its whole amount. So a snapshot read consistently shows
 * every user at their grant less a whole number of paid withdrawals, whatever runs beside it, and
 * its totals are the ledger's user totals of the same read (takeSnapshot refuses to store one
 * whose are not). A read of the wallets, the holds and the Earn principal at different instants
 * would count a subscription or a released hold twice or not at all. On PGlite the moves queue
 * behind the snapshot's read on the one connection; on PostgreSQL they run beside it.
 */
describe.each<DbKind>(['pglite', 'postgres'])('a snapshot during transfers, Earn subscriptions, resting orders and withdrawals on %s', (kind) => {
  const clock = manualClock();
  let t: TestApp;
  let users: SignedUpUser[];

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now, withdrawals: { dailyLimitUsdt: '1000000', reviewThresholdUsdt: '1000' } });
    users = [];
    for (const tag of ['c1', 'c2', 'c3', 'c4']) users.push(await signUpUser(t.app, `por-${tag}`, { identity: true }));
    // Four identity checks on PGlite, on a loaded machine, outlast the default minute.
  }, 180_000);
  afterAll(() => closeChecked(t));

  /** Blocks go by on the simulated chains and the processor moves the withdrawals on: signs, sends, counts confirmations, pays out. */
  const blocks = async (rounds: number) => {
    for (let i = 0; i < rounds; i++) {
      clock.advance(3000);
      await t.app.services.withdrawals.processor.step();
    }
  };
  const withdraw = async (u: SignedUpUser, amount: string) => {
    const res = await submit(t.app, u, onchain(amount));
    expect(res.statusCode, res.body).toBe(200);
    return submitWithdrawalResponse.parse(res.json()).withdrawal;
  };
  /** The same beside other mails to the user (a refusal's): the code is the one mailed for this withdrawal. */
  const withdrawBeside = async (u: SignedUpUser, amount: string) => {
    const first = await submitUnconfirmed(t.app, u, onchain(amount));
    expect(first.statusCode, first.body).toBe(201);
    const { id } = submitWithdrawalResponse.parse(first.json()).withdrawal;
    return confirmWithdrawal(t.app, u, id, undefined, (await mailedWithdrawalCodes(t.app, u.email)).get(id));
  };

  it('snapshot totals equal the ledger’s user totals while orders, transfers and withdrawals run (consistent read), and every proof verifies', async () => {
    const deps = reservesDepsOf(t.app.services);
    // On PostgreSQL the moves run side by side, in no set order: with 300 in futures first, the three
    // moves back never find it short, whichever comes first.
    for (const u of users) expect((await transfer(t.app, u, 'spot', 'futures', '300')).statusCode).toBe(201);
    // Before the snapshots: one withdrawal sent (on chain, not yet confirmed), one held, one waiting for an operator.
    for (const u of users) await withdraw(u, SENT);
    await blocks(1);
    const refused: string[] = [];
    for (const u of users) {
      expect((await withdraw(u, SENT)).status).toBe('prepared');
      const review = await withdraw(u, REFUSED);
      expect(review.status).toBe('review');
      refused.push(review.id);
    }
    const statuses = async () => (await Promise.all(users.map((u) => withdrawals(t.app, u)))).flat().map((w) => w.status);
    expect((await statuses()).sort()).toEqual([...users.map(() => 'prepared'), ...users.map(() => 'processing'), ...users.map(() => 'review')].sort());

    const moves = users.flatMap((u, k) => [
      ...Array.from({ length: 6 }, (_, i) => transfer(t.app, u, i % 2 === 0 ? 'spot' : 'futures', i % 2 === 0 ? 'futures' : 'spot', '100')),
      ...Array.from({ length: 3 }, () => subscribe(t.app, u, '50')),
      // A resting order holds the user's money, which is still theirs.
      ...Array.from({ length: 3 }, () => placeOrder(t.app, u, { order_type: 'buy', excecution_type: 'limit', price: '1', amount: '0.01' })),
      // A withdrawal requested and held while the snapshots read; an operator's refusal gives a hold back.
      withdrawBeside(u, SENT),
      t.app.services.withdrawals.service.reject(refused[k]!, 'Destination flagged by compliance'),
    ]);
    const snapshots = Array.from({ length: 4 }, () => takeSnapshot(deps));
    // Meanwhile the chain confirms and pays out what was sent, and sends what is held.
    const chain = blocks(12);
    const answers = (await Promise.all(moves)) as { statusCode?: number }[];
    expect(answers.map((a) => a.statusCode ?? 200).filter((s) => s >= 300)).toEqual([]);
    await chain;
    const taken = await Promise.all(snapshots);
    taken.push(await takeSnapshot(deps));
    // Everything left is paid out; a last snapshot after it.
    for (let i = 0; i < 20 && (await statuses()).some((s) => s === 'prepared' || s === 'processing'); i++) await blocks(5);
    const ended = await statuses();
    expect(ended.filter((s) => s === 'completed')).toHaveLength(users.length * 3);
    expect(ended.filter((s) => s === 'rejected')).toHaveLength(users.length);
    taken.push(await takeSnapshot(deps));

    const owed = (paid: number) => toUnits(new Dec(GRANT).minus(new Dec(SENT).times(paid)).toFixed());
    const possible = [0, 1, 2, 3].map(owed);
    for (const s of taken) {
      expect(s.assets).toEqual(['USDT']);
      expect(s.totals.map((x) => new Dec(x).toFixed())).toEqual(s.ledgerTotals.map((x) => new Dec(x).toFixed()));
      const leaves = JSON.parse(await leavesJson(t.app.services.db, s.id)) as LeafInput[];
      expect(leaves.map((l) => l.userId).sort()).toEqual(users.map((u) => u.userId).sort());
      for (const l of leaves) expect(possible, `${l.userId} at ${l.balances[0]!} in snapshot ${s.id}`).toContain(toUnits(l.balances[0]!));
      expect(leaves.reduce((sum, l) => sum + toUnits(l.balances[0]!), 0n)).toBe(toUnits(s.totals[0]!));
      const tree = buildSumTree(s.id, s.assets, leaves);
      for (const u of users) expect((await verifyProof(proofOf(tree, u.userId, s.takenAt.toISOString()), s.rootHash)).ok).toBe(true);
    }
    expect(taken.at(-1)!.lines.map((l) => [l.asset, l.total])).toEqual([['USDT', new Dec(GRANT).minus(300).times(users.length).toFixed()]]);
  }, 180_000);
});
