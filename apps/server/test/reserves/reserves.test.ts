import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_API_KEY,
  reservesAddressesResponse,
  reservesHistoryResponse,
  reservesLatestResponse,
  reservesMyProofResponse,
  reservesSnapshotTakenResponse,
} from '@exchange/contract';
import { verifyProof, verifyReserveSignature } from '@exchange/contract/reserves';
import type { App } from '../../src/app.js';
import { adminChains } from '../../src/admin/admin-chains.js';
import { reservesSnapshot } from '../../src/admin/reserves-snapshot.js';
import { userTotals } from '../../src/ledger/accounts.js';
import { networkByCode } from '../../src/modules/funds/networks.js';
import { reservesDepsOf, takeSnapshot } from '../../src/modules/reserves/index.js';
import { ledgerReport } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, manualClock, signUpUser, startApp, type DbKind, type SignedUpUser, type TestApp } from '../helpers.js';
import { closeChecked } from '../trading/trading-helpers.js';

const trc20 = networkByCode('TRC20')!;

const snapshotNow = (app: App) => takeSnapshot(reservesDepsOf(app.services));

function myProof(app: App, u: SignedUpUser, uid = u.uid) {
  return app.inject({ url: `/api/v1/proof-of-reserves/my-proof?apikey=${DEFAULT_API_KEY}&uid=${uid}`, headers: bearer(u.token) });
}

async function latest(app: App) {
  const res = await app.inject({ url: `/api/v1/proof-of-reserves?apikey=${DEFAULT_API_KEY}` });
  expect(res.statusCode, res.body).toBe(200);
  return reservesLatestResponse.parse(res.json()).snapshot;
}

describe.each<DbKind>(['pglite', 'postgres'])('proof of reserves on %s', (kind) => {
  let t: TestApp;
  let users: SignedUpUser[];
  const clock = manualClock();

  beforeAll(async () => {
    t = await startApp(kind, { now: clock.now });
    users = [await signUpUser(t.app, 'por-a'), await signUpUser(t.app, 'por-b'), await signUpUser(t.app, 'por-c')];
  });
  afterAll(() => closeChecked(t));

  it('has no snapshot and no proof before the first', async () => {
    expect(await latest(t.app)).toBeNull();
    expect((await myProof(t.app, users[0]!)).statusCode).toBe(404);
  });

  it('takes a snapshot whose totals are the ledger’s user totals with the Earn principal, and whose reserves are the simulated chain’s', async () => {
    const [a, b] = users as [SignedUpUser, SignedUpUser];
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/earn/subscriptions',
      headers: bearer(a.token),
      payload: { apikey: DEFAULT_API_KEY, uid: a.uid, product_id: 'USDT-FLEX', amount: '2500', source: 'spot' },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/simulated-chain/deposits',
      headers: bearer(b.token),
      payload: { apikey: DEFAULT_API_KEY, uid: b.uid, network_id: trc20.id, symbol: 'USDT', amount: '250' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    clock.advance(10_000);

    const taken = await snapshotNow(t.app);
    const ledgerUsdt = new Dec((await userTotals(t.app.services.db)).get('USDT')!).plus('2500');
    expect(taken.users).toBe(3);
    expect(taken.lines).toEqual([{ asset: 'USDT', total: ledgerUsdt.toFixed(), reserves: '250', ratio: '0.0083' }]);
    expect(ledgerUsdt.toFixed()).toBe('30000');

    const published = await latest(t.app);
    expect(published).toMatchObject({ id: taken.id, root_hash: taken.rootHash, users: 3, assets: taken.lines });
    const history = reservesHistoryResponse.parse((await t.app.inject({ url: `/api/v1/proof-of-reserves/history?apikey=${DEFAULT_API_KEY}&limit=5` })).json());
    expect(history.items.map((s) => s.id)).toEqual([taken.id]);
    const { lines } = await ledgerReport(t.app.services.db);
    expect(lines.find((l) => l.startsWith('proof of reserves'))).toContain(
      `root ${taken.rootHash}; tree totals USDT 30000; they equal the ledger’s user totals (with Earn principal) read in the same transaction; its stored leaves add up to them`,
    );

    const addresses = reservesAddressesResponse.parse((await t.app.inject({ url: `/api/v1/proof-of-reserves/addresses?apikey=${DEFAULT_API_KEY}` })).json());
    const address = sent.json<{ address: string }>().address;
    const message = `Nexa proof of reserves ${taken.id}: ${address}`;
    expect(addresses.label).toBe(taken.id);
    expect(addresses.networks).toEqual([
      { network_id: trc20.id, network: 'TRC20', scheme: 'tron', addresses: [{ address, message, signature: expect.any(String) }], balances: [{ asset: 'USDT', amount: '250' }] },
    ]);
    const [signed] = addresses.networks[0]!.addresses;
    expect(verifyReserveSignature({ scheme: 'tron', address, message, signature: signed!.signature! })).toBe(true);
  });

  it('gives every user a proof of their own balances that verifies against the published root', async () => {
    const published = (await latest(t.app))!;
    for (const u of users) {
      const res = await myProof(t.app, u);
      expect(res.statusCode, res.body).toBe(200);
      const proof = reservesMyProofResponse.parse(res.json());
      expect(proof.userId).toBe(u.userId);
      expect(proof.balances).toEqual(['10000.000000000000000000']);
      expect((await verifyProof(proof, published.root_hash)).ok).toBe(true);
    }
  });

  it('builds the tree again from the stored leaves when the worker that held it is gone', async () => {
    const published = (await latest(t.app))!;
    await reservesDepsOf(t.app.services).trees.close();
    const answers = await Promise.all(users.map((u) => myProof(t.app, u)));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect((await verifyProof(reservesMyProofResponse.parse(res.json()), published.root_hash)).ok).toBe(true);
    }
  });

  it('audits an operator’s snapshot, from the command line and from the server’s own machine', async () => {
    clock.advance(1000);
    const out = await reservesSnapshot.run({ db: t.app.services.db, now: clock.now, operator: 'cli:op@host', chains: adminChains(t.app.services.config) }, ['month', 'end']);
    const id = /^Snapshot (\S+) /.exec(out)?.[1];
    expect(out).toContain('USDT: owed 30000, reserves 250, ratio 0.0083');
    const local = await t.app.inject({ method: 'POST', url: '/api/dev/proof-of-reserves/snapshot' });
    expect(local.statusCode, local.body).toBe(200);
    const viaRoute = reservesSnapshotTakenResponse.parse(local.json()).snapshot;
    expect((await latest(t.app))?.id).toBe(viaRoute.id);
    const audit = await t.app.services.db.query<{ operator: string; role: string; target: string; reason: string | null; after: { root_hash: string } }>(
      `SELECT operator, role, target, reason, after FROM operator_audit_log WHERE action = 'reserves.snapshot' ORDER BY id`,
    );
    expect(audit.rows).toMatchObject([
      { operator: 'cli:op@host', role: 'cli', target: `snapshot ${id}`, reason: 'month end' },
      { operator: 'dev-route:loopback', role: 'cli', target: `snapshot ${viaRoute.id}`, reason: null, after: { root_hash: viaRoute.root_hash } },
    ]);
  });

  it('tells in ledger:check when the stored leaves no longer add up to the published totals', async () => {
    const snapshot = (await latest(t.app))!;
    await t.app.services.db.query(`UPDATE reserve_leaves SET balances = '["1.000000000000000000"]'::jsonb WHERE snapshot_id = $1 AND idx = 0`, [snapshot.id]);
    const { lines } = await ledgerReport(t.app.services.db);
    expect(lines.find((l) => l.startsWith('proof of reserves'))).toContain('its stored leaves DO NOT ADD UP to them (20001.000000000000000000)');
  });

  it('never gives a user another user’s proof', async () => {
    const [a, b] = users as [SignedUpUser, SignedUpUser];
    const res = await myProof(t.app, b, a.uid);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(a.userId);
    const none = await t.app.inject({ url: `/api/v1/proof-of-reserves/my-proof?apikey=${DEFAULT_API_KEY}&uid=${a.uid}` });
    expect(none.statusCode).toBe(401);
  });

  it('refuses a bad history limit naming the field', async () => {
    const res = await t.app.inject({ url: `/api/v1/proof-of-reserves/history?apikey=${DEFAULT_API_KEY}&limit=0` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('limit');
  });
});
