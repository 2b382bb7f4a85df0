import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletMessages } from '@exchange/contract';
import type { Database } from '../../src/db/database.js';
import { balancesOf, systemOwners } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/products.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { hashRequest } from '../../src/ledger/idempotency.js';
import { Dec } from '../../src/shared/decimal.js';
import { transfer, type TransferInput } from '../../src/modules/wallets/transfer-service.js';
import { createUser, openLedgerDb, type LedgerDb, type LedgerKit } from './ledger-db.js';
import { accountRef } from '../../src/ledger/postings.js';

/**
 * PGlite has a single connection, so races only show on PostgreSQL with a pool (10 connections).
 * Within one process the ledger's writer already serialises every posting; two ledgers on one
 * database are two server processes, each with its own cached balances, and only the database
 * stands between them and a double spend.
 */
describe('ledger races on postgres', () => {
  let t: LedgerDb;
  let db: Database;
  let processes: LedgerKit[];

  beforeAll(async () => {
    t = await openLedgerDb('postgres');
    db = t.db;
    processes = [t, t.another(), t.another()];
  });
  afterAll(async () => {
    for (const p of processes) await p.ledger.idle();
    await t?.close();
  });

  const move = (p: LedgerKit, userId: string, input: TransferInput, key?: string) =>
    transfer(p.transfers, userId, input, key === undefined ? undefined : { key, hash: hashRequest(input) });

  it('postings in 20 concurrent transactions that create the same accounts lose no balance update', async () => {
    // Each transaction may create the accounts; an id created by one that has not committed yet must
    // not be used by another, whose update would find no row it can see.
    const owner = `system:test-${Date.now()}`;
    const post = (q: Parameters<typeof t.ledger.postNow>[0]) =>
      t.ledger.postNow(q, (b) =>
        b.post({
          kind: 'test',
          userId: null,
          ref: null,
          legs: [
            { account: accountRef(systemOwners.demoGrant, 'TST', 'spot'), amount: new Dec(-1) },
            { account: accountRef(owner, 'TST', 'spot'), amount: new Dec(1) },
          ],
        }),
      );
    await Promise.all(Array.from({ length: 20 }, () => db.tx(post)));
    const row = (await balancesOf(db, owner)).find((b) => b.asset === 'TST');
    expect(row?.available).toBe('20.000000000000000000');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('60 simultaneous transfers of the whole balance from three processes: exactly one succeeds', async () => {
    const user = await createUser(db);
    // Every process reads and caches the balance first, so each would decide on 1,000.
    for (const p of processes) await move(p, user.id, { symbol: 'USDT', amount: '1', from: 'spot', to: 'futures' }).catch(() => undefined);
    await grantDemo(t.ledger, db, user.id, '1000');
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        move(processes[i % processes.length] as LedgerKit, user.id, { symbol: 'USDT', amount: '1000', from: 'spot', to: 'futures' }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(59);
    for (const f of failed) expect((f.reason as Error).message).toBe(walletMessages.insufficientBalance);
    const count = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM transfers WHERE user_id = $1', [user.id]);
    expect(count.rows[0]?.n).toBe('1');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('transfers racing both ways and holds from three processes never deadlock or overdraw', async () => {
    const user = await createUser(db);
    await grantDemo(t.ledger, db, user.id, '100');
    await move(t, user.id, { symbol: 'USDT', amount: '50', from: 'spot', to: 'futures' });
    const spot = accountRef(user.id, 'USDT', 'spot');
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => {
        const p = processes[i % processes.length] as LedgerKit;
        return i % 4 === 0
          ? p.ledger.transact({ reads: [spot], run: (tx) => tx.placeHold(spot, new Dec(7), 'order') })
          : move(p, user.id, { symbol: 'USDT', amount: '9', from: i % 2 ? 'spot' : 'futures', to: i % 2 ? 'futures' : 'spot' });
      }),
    );
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(walletMessages.insufficientBalance);
    }
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(10);
    const rows = await balancesOf(db, user.id);
    const total = rows.reduce((s, r) => s.plus(r.available).plus(r.locked), new Dec(0));
    expect(total.toFixed()).toBe('100');
    for (const r of rows) expect(new Dec(r.available).gte(0)).toBe(true);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('the same idempotency key sent 30 times at once through three processes makes one transfer and 30 identical answers', async () => {
    const user = await createUser(db);
    await grantDemo(t.ledger, db, user.id, '10');
    const input = { symbol: 'USDT', amount: '3', from: 'spot' as const, to: 'futures' as const };
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => move(processes[i % processes.length] as LedgerKit, user.id, input, 'same-key')),
    );
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    // Replays come back from jsonb, which orders keys its own way: equal answers, not equal text.
    for (const a of answers) expect(a.answer).toEqual(answers[0]?.answer);
    const count = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM transfers WHERE user_id = $1', [user.id]);
    expect(count.rows[0]?.n).toBe('1');
    const futures = (await balancesOf(db, user.id)).find((b) => b.wallet === 'futures');
    expect(Number(futures?.available)).toBe(3);
    expect(await checkLedger(db)).toEqual([]);
  });
});
