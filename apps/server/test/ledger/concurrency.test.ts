import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletMessages } from '@exchange/contract';
import type { Database } from '../../src/db/database.js';
import { balancesOf } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/ledger/check.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { hashRequest, withIdempotency } from '../../src/ledger/idempotency.js';
import { placeHold } from '../../src/ledger/holds.js';
import { transfer } from '../../src/ledger/transfers.js';
import { createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

/** PGlite has a single connection, so races only show on PostgreSQL with a pool (10 connections). */
describe('ledger races on postgres', () => {
  let t: LedgerDb;
  let db: Database;

  beforeAll(async () => {
    t = await openLedgerDb('postgres');
    db = t.db;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('50 simultaneous transfers of the whole balance: exactly one succeeds', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '1000');
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => transfer(db, user.id, { symbol: 'USDT', amount: '1000', from: 'spot', to: 'futures' })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(1);
    expect(failed).toHaveLength(49);
    for (const f of failed) expect((f.reason as Error).message).toBe(walletMessages.insufficientBalance);
    const count = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM transfers WHERE user_id = $1', [user.id]);
    expect(count.rows[0]?.n).toBe('1');
    expect(await checkLedger(db)).toEqual([]);
  });

  it('transfers racing both ways and holds never deadlock or overdraw', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '100');
    await transfer(db, user.id, { symbol: 'USDT', amount: '50', from: 'spot', to: 'futures' });
    const spot = { owner: user.id, asset: 'USDT', wallet: 'spot' as const };
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 0
          ? placeHold(db, { account: spot, amount: '7', reason: 'order' })
          : transfer(db, user.id, {
              symbol: 'USDT',
              amount: '9',
              from: i % 2 ? 'spot' : 'futures',
              to: i % 2 ? 'futures' : 'spot',
            }),
      ),
    );
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe(walletMessages.insufficientBalance);
    }
    const rows = await balancesOf(db, user.id);
    const total = rows.reduce((s, r) => s + Number(r.available) + Number(r.locked), 0);
    expect(total).toBe(100);
    expect(await checkLedger(db)).toEqual([]);
  });

  it('the same idempotency key sent 20 times at once makes one transfer and 20 identical answers', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '10');
    const input = { symbol: 'USDT', amount: '3', from: 'spot' as const, to: 'futures' as const };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withIdempotency(db, user.id, 'same-key', hashRequest(input), async (q) => {
          const record = await transfer(q, user.id, input);
          return { statusCode: 201, body: { id: record.id, amount: record.amount } };
        }),
      ),
    );
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const bodies = new Set(answers.map((a) => JSON.stringify([a.statusCode, a.body])));
    expect(bodies.size).toBe(1);
    const count = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM transfers WHERE user_id = $1', [user.id]);
    expect(count.rows[0]?.n).toBe('1');
    const futures = (await balancesOf(db, user.id)).find((b) => b.wallet === 'futures');
    expect(Number(futures?.available)).toBe(3);
    expect(await checkLedger(db)).toEqual([]);
  });
});
