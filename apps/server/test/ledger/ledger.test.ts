import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletMessages } from '@exchange/contract';
import type { Database } from '../../src/db/database.js';
import { balancesOf, systemOwners } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/ledger/check.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { hashRequest, withIdempotency } from '../../src/ledger/idempotency.js';
import { book } from '../../src/ledger/journal.js';
import { placeHold, releaseHold } from '../../src/ledger/holds.js';
import { transfer, transferHistory } from '../../src/ledger/transfers.js';
import type { DbKind } from '../helpers.js';
import { countJournal, createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

async function balance(db: Database, owner: string, asset: string, wallet: string) {
  const row = (await balancesOf(db, owner)).find((b) => b.asset === asset && b.wallet === wallet);
  return { available: Number(row?.available ?? 0), locked: Number(row?.locked ?? 0) };
}

describe.each<DbKind>(['pglite', 'postgres'])('ledger on %s', (kind) => {
  let t: LedgerDb;
  let db: Database;

  beforeAll(async () => {
    t = await openLedgerDb(kind);
    db = t.db;
  });
  afterAll(async () => {
    if (t) {
      expect(await checkLedger(db)).toEqual([]);
      await t.close();
    }
  });

  it('grants demo USDT from the system account as a balanced journal transaction', async () => {
    const user = await createUser(db);
    const txId = await grantDemo(db, user.id, '10000');
    expect(txId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 10000, locked: 0 });
    const journal = await db.query<{ kind: string; user_id: string }>(
      'SELECT kind, user_id FROM journal_transactions WHERE id = $1',
      [txId],
    );
    expect(journal.rows).toEqual([{ kind: 'demo_grant', user_id: user.id }]);
    expect((await balance(db, systemOwners.demoGrant, 'USDT', 'spot')).available).toBeLessThanOrEqual(-10000);
    expect(await grantDemo(db, user.id, '0')).toBeNull();
    expect(await checkLedger(db)).toEqual([]);
  });

  it('transfers between spot and futures with a transfers record, newest first in history', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '100');
    const first = await transfer(db, user.id, { symbol: 'usdt', amount: '40.5', from: 'spot', to: 'futures' });
    expect(first).toMatchObject({ symbol: 'USDT', amount: '40.5', from: 'spot', to: 'futures', status: 'completed' });
    await transfer(db, user.id, { symbol: 'USDT', amount: 0.5, from: 'futures', to: 'spot' });
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 60, locked: 0 });
    expect(await balance(db, user.id, 'USDT', 'futures')).toEqual({ available: 40, locked: 0 });
    const history = await transferHistory(db, user.id);
    expect(history.map((h) => [h.amount, h.from_wallet, h.to_wallet])).toEqual([
      ['0.5', 'futures', 'spot'],
      ['40.5', 'spot', 'futures'],
    ]);
  });

  it('refuses bad transfers with the spec messages and writes nothing', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '10');
    const before = await countJournal(db);
    const attempt = (amount: string | number, from: 'spot' | 'futures' = 'spot', to: 'spot' | 'futures' = 'futures') =>
      transfer(db, user.id, { symbol: 'USDT', amount, from, to });
    for (const bad of ['0', '-1', 'abc', '', '1e400', '0.0000000000000000001', Number.NaN]) {
      await expect(attempt(bad)).rejects.toThrow(walletMessages.invalidAmount);
    }
    await expect(attempt('1', 'spot', 'spot')).rejects.toThrow(walletMessages.sameAccounts);
    await expect(attempt('10.000000000000000001')).rejects.toThrow(walletMessages.insufficientBalance);
    await expect(attempt('1', 'futures', 'spot')).rejects.toThrow(walletMessages.insufficientBalance);
    expect(await countJournal(db)).toBe(before);
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 10, locked: 0 });
  });

  it('holds move available to locked; release gives back, consume settles through the journal', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '100');
    const spot = { owner: user.id, asset: 'USDT', wallet: 'spot' as const };
    const hold = await placeHold(db, { account: spot, amount: '30', reason: 'order', ref: 'o-1' });
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 70, locked: 30 });
    await expect(placeHold(db, { account: spot, amount: '70.01', reason: 'order' })).rejects.toThrow(
      walletMessages.insufficientBalance,
    );
    await expect(transfer(db, user.id, { symbol: 'USDT', amount: '71', from: 'spot', to: 'futures' })).rejects.toThrow(
      walletMessages.insufficientBalance,
    );

    const fees = { owner: systemOwners.fees, asset: 'USDT', wallet: 'spot' as const };
    const payFromHold = (holdId: string, amount: string) =>
      db.tx((q) =>
        book(q, {
          kind: 'fee',
          userId: user.id,
          legs: [
            { account: spot, amount: `-${amount}`, holdId },
            { account: fees, amount },
          ],
        }),
      );
    await payFromHold(hold, '10');
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 70, locked: 20 });
    await expect(payFromHold(hold, '20.5')).rejects.toThrow(walletMessages.insufficientBalance);
    expect(await checkLedger(db)).toEqual([]);

    expect(await releaseHold(db, hold)).toBe(true);
    expect(await releaseHold(db, hold)).toBe(false);
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 90, locked: 0 });

    const whole = await placeHold(db, { account: spot, amount: '5', reason: 'order' });
    await payFromHold(whole, '5');
    const status = await db.query<{ status: string }>('SELECT status FROM holds WHERE id = $1', [whole]);
    expect(status.rows[0]?.status).toBe('consumed');
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 85, locked: 0 });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses unbalanced journal transactions before writing', async () => {
    const user = await createUser(db);
    await expect(
      db.tx((q) =>
        book(q, {
          kind: 'broken',
          legs: [
            { account: { owner: systemOwners.demoGrant, asset: 'BTC', wallet: 'spot' }, amount: '-1' },
            { account: { owner: user.id, asset: 'BTC', wallet: 'spot' }, amount: '0.9' },
          ],
        }),
      ),
    ).rejects.toThrow(/sum to -0\.1/);
  });

  it('writes the business record in the same transaction: a failing writer rolls the journal back', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '10');
    const before = await countJournal(db);
    await expect(
      db.tx(async (q) => {
        await transfer(q, user.id, { symbol: 'USDT', amount: '1', from: 'spot', to: 'futures' });
        throw new Error('business record failed');
      }),
    ).rejects.toThrow('business record failed');
    expect(await countJournal(db)).toBe(before);
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 10, locked: 0 });
  });

  it('runs an idempotent call once and replays its answer; another body under the key is 422', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '10');
    const input = { symbol: 'USDT', amount: '1', from: 'spot' as const, to: 'futures' as const };
    const run = (body: typeof input) =>
      withIdempotency(db, user.id, 'key-1', hashRequest(body), async (q) => ({
        statusCode: 201,
        body: { id: (await transfer(q, user.id, body)).id },
      }));
    const first = await run(input);
    const second = await run(input);
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    await expect(run({ ...input, amount: '2' })).rejects.toMatchObject({ statusCode: 422 });
    expect(await balance(db, user.id, 'USDT', 'futures')).toEqual({ available: 1, locked: 0 });
  });

  it('lets the database refuse a negative user balance written directly', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '1');
    await expect(
      db.query(`UPDATE ledger_accounts SET available = -1 WHERE owner = $1`, [user.id]),
    ).rejects.toThrow(/ledger_accounts_non_negative/);
    await expect(
      db.query(`UPDATE ledger_accounts SET locked = -1 WHERE owner = $1`, [user.id]),
    ).rejects.toThrow(/ledger_accounts_non_negative/);
  });

  it('reports breaches when the books are tampered with', async () => {
    const user = await createUser(db);
    await grantDemo(db, user.id, '5');
    await db.query(`UPDATE ledger_accounts SET available = available + 1 WHERE owner = $1`, [user.id]);
    const found = await checkLedger(db);
    expect(found.map((b) => b.rule)).toEqual(['balance_equals_entries']);
    await db.query(`UPDATE ledger_accounts SET available = available - 1 WHERE owner = $1`, [user.id]);
  });

  it('reports rows whose references lead nowhere (the order write path has no foreign keys)', async () => {
    const user = await createUser(db);
    const missing = '00000000-0000-4000-8000-000000000000';
    await db.query(
      `INSERT INTO holds (id, account_id, amount, reason, ref, status) VALUES ($1, $2, 1, 'order', 'x', 'released')`,
      [missing, missing],
    );
    await db.query(
      `INSERT INTO spot_orders (id, seq, user_id, coin_id, symbol, side, exec_type, tif, amount, fee_asset, status, is_open, hold_id, created_at, updated_at)
       VALUES ('orphan-1', -1, $1, 1, 'BTC', 'buy', 'limit', 'GTC', 1, 'BTC', 'canceled', false, $2, now(), now())`,
      [missing, '00000000-0000-4000-8000-000000000001'],
    );
    await db.query(
      `INSERT INTO spot_fills (trade_id, order_id, user_id, symbol, side, role, price, qty, fee, fee_asset, created_at)
       VALUES (-1, 'orphan-2', $1, 'BTC', 'buy', 'maker', 1, 1, 0, 'BTC', now())`,
      [user.id],
    );
    await db.query(`INSERT INTO journal_entries (transaction_id, account_id, asset, amount) VALUES ($1, $1, 'ZZZ', 1), ($1, $1, 'ZZZ', -1)`, [missing]);
    const found = (await checkLedger(db)).filter((b) => b.rule === 'dangling_reference').map((b) => b.detail.replace(/\d+/g, 'n'));
    expect(found.sort()).toEqual(
      [
        'hold 00000000-0000-4000-8000-000000000000 of a missing account',
        'journal entry n of a missing account',
        'journal entry n of a missing account',
        'journal entry n of a missing transaction',
        'journal entry n of a missing transaction',
        'spot fill n of a missing order',
        'spot order orphan-n of a missing user',
        'spot order orphan-n with a missing hold',
      ].map((d) => d.replace(/\d+/g, 'n')).sort(),
    );
    await db.query(`DELETE FROM journal_entries WHERE asset = 'ZZZ'`);
    await db.query(`DELETE FROM spot_fills WHERE trade_id = -1`);
    await db.query(`DELETE FROM spot_orders WHERE id = 'orphan-1'`);
    await db.query('DELETE FROM holds WHERE id = $1', [missing]);
    expect(await checkLedger(db)).toEqual([]);
  });
});
