import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { buildSumTree, proofOf, verifyProof, type LeafInput } from '@exchange/contract/reserves';
import type { App } from '../../src/app.js';
import { reservesDepsOf, takeSnapshot } from '../../src/modules/reserves/index.js';
import { leavesJson } from '../../src/modules/reserves/store.js';
import { bearer, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { closeChecked, placeOrder } from '../trading/trading-helpers.js';

const GRANT = '10000.000000000000000000';

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

/**
 * Money moving between a user's own wallets and Earn, or held by their resting orders, never changes what the user is owed, so a
 * snapshot read consistently shows every user at exactly their grant whatever runs beside it; a
 * read of the wallets and the Earn principal at different instants would count a subscription in
 * flight twice or not at all. On PGlite the moves queue behind the snapshot's read on the one
 * connection; on PostgreSQL they run beside it.
 */
describe.each<DbKind>(['pglite', 'postgres'])('a snapshot during transfers, Earn subscriptions and resting orders on %s', (kind) => {
  let t: TestApp;
  let users: SignedUpUser[];

  beforeAll(async () => {
    t = await startApp(kind);
    users = [];
    for (const tag of ['c1', 'c2', 'c3', 'c4']) users.push(await signUpUser(t.app, `por-${tag}`));
  });
  afterAll(() => closeChecked(t));

  it('counts every user at their grant in every snapshot, and every proof verifies', async () => {
    const deps = reservesDepsOf(t.app.services);
    // On PostgreSQL the moves run side by side, in no set order: with 300 in futures first, the three
    // moves back never find it short, whichever comes first.
    for (const u of users) expect((await transfer(t.app, u, 'spot', 'futures', '300')).statusCode).toBe(201);
    const moves = users.flatMap((u) => [
      ...Array.from({ length: 6 }, (_, i) => transfer(t.app, u, i % 2 === 0 ? 'spot' : 'futures', i % 2 === 0 ? 'futures' : 'spot', '100')),
      ...Array.from({ length: 3 }, () => subscribe(t.app, u, '50')),
      // A resting order holds the user's money, which is still theirs.
      ...Array.from({ length: 3 }, () => placeOrder(t.app, u, { order_type: 'buy', excecution_type: 'limit', price: '1', amount: '0.01' })),
    ]);
    const snapshots = Array.from({ length: 4 }, () => takeSnapshot(deps));
    const answers = await Promise.all(moves);
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 300)).toEqual([]);
    const taken = await Promise.all(snapshots);
    taken.push(await takeSnapshot(deps));

    for (const s of taken) {
      expect(s.lines.map((l) => [l.asset, l.total])).toEqual([['USDT', '40000']]);
      const leaves = JSON.parse(await leavesJson(t.app.services.db, s.id)) as LeafInput[];
      expect(leaves.map((l) => l.balances)).toEqual(users.map(() => [GRANT]));
      const tree = buildSumTree(s.id, s.assets, leaves);
      for (const u of users) expect((await verifyProof(proofOf(tree, u.userId, s.takenAt.toISOString()), s.rootHash)).ok).toBe(true);
    }
  });
});
