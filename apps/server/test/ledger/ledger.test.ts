import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages, walletMessages } from '@exchange/contract';
import type { Database } from '../../src/db/database.js';
import { balancesOf, systemOwners } from '../../src/ledger/accounts.js';
import { checkLedger } from '../../src/products.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { hashRequest } from '../../src/ledger/idempotency.js';
import { LedgerWriteFailed } from '../../src/ledger/ledger.js';
import { accountRef, type AccountRef, type Hold } from '../../src/ledger/postings.js';
import type { RecordWriter } from '../../src/ledger/records.js';
import { Dec } from '../../src/shared/decimal.js';
import { transferHistory } from '../../src/modules/wallets/transfer-history.js';
import { transfer, type TransferInput } from '../../src/modules/wallets/transfer-service.js';
import type { DbKind } from '../helpers.js';
import { countJournal, createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

async function balance(db: Database, owner: string, asset: string, wallet: string) {
  const row = (await balancesOf(db, owner)).find((b) => b.asset === asset && b.wallet === wallet);
  return { available: Number(row?.available ?? 0), locked: Number(row?.locked ?? 0) };
}

/** A business row of a test: its note may not be null, so a null note makes the whole batch statement fail. */
const notesWriter: RecordWriter<{ id: string; note: string | null }> = {
  name: 'test_notes',
  paramCount: 1,
  sql: (n) => `INSERT INTO ledger_test_notes (id, note) SELECT id, note FROM json_to_recordset($${n}::json) AS r(id uuid, note text)`,
  params: (rows) => [JSON.stringify(rows)],
};

describe.each<DbKind>(['pglite', 'postgres'])('ledger on %s', (kind) => {
  let t: LedgerDb;
  let db: Database;

  beforeAll(async () => {
    t = await openLedgerDb(kind, [notesWriter as RecordWriter<never>]);
    db = t.db;
    await db.query('CREATE TABLE ledger_test_notes (id uuid PRIMARY KEY, note text NOT NULL)');
  });
  const grant = (userId: string, amount: string) => grantDemo(t.ledger, db, userId, amount);
  const move = (userId: string, input: TransferInput) => transfer(t.transfers, userId, input).then((r) => r.answer.transfer);
  const hold = (account: AccountRef, amount: string) =>
    t.ledger.transact({ run: (tx) => tx.placeHold(account, new Dec(amount), 'order', 'o-1') });
  const release = (h: Hold) => t.ledger.transact({ run: (tx) => tx.release(h) });
  afterAll(async () => {
    if (t) {
      expect(await checkLedger(db)).toEqual([]);
      await t.close();
    }
  });

  it('grants demo USDT from the system account as a balanced journal transaction', async () => {
    const user = await createUser(db);
    const txId = await grant(user.id, '10000');
    expect(txId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 10000, locked: 0 });
    const journal = await db.query<{ kind: string; user_id: string }>(
      'SELECT kind, user_id FROM journal_transactions WHERE id = $1',
      [txId],
    );
    expect(journal.rows).toEqual([{ kind: 'demo_grant', user_id: user.id }]);
    expect((await balance(db, systemOwners.demoGrant, 'USDT', 'spot')).available).toBeLessThanOrEqual(-10000);
    expect(await grant(user.id, '0')).toBeNull();
    expect(await checkLedger(db)).toEqual([]);
  });

  it('transfers between spot and futures with a transfers record, newest first in history', async () => {
    const user = await createUser(db);
    await grant(user.id, '100');
    const first = await move(user.id, { symbol: 'usdt', amount: '40.5', from: 'spot', to: 'futures' });
    expect(first).toMatchObject({ symbol: 'USDT', amount: '40.5', transfer_from: 'spot', transfer_to: 'futures', status: 'completed' });
    await move(user.id, { symbol: 'USDT', amount: 0.5, from: 'futures', to: 'spot' });
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
    await grant(user.id, '10');
    const before = await countJournal(db);
    const attempt = (amount: string | number, from: 'spot' | 'futures' = 'spot', to: 'spot' | 'futures' = 'futures') =>
      move(user.id, { symbol: 'USDT', amount, from, to });
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
    await grant(user.id, '100');
    const spot = accountRef(user.id, 'USDT', 'spot');
    const held = await hold(spot, '30');
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 70, locked: 30 });
    await expect(hold(spot, '70.01')).rejects.toThrow(walletMessages.insufficientBalance);
    await expect(move(user.id, { symbol: 'USDT', amount: '71', from: 'spot', to: 'futures' })).rejects.toThrow(
      walletMessages.insufficientBalance,
    );

    const fees = accountRef(systemOwners.fees, 'USDT', 'spot');
    const payFromHold = (h: Hold, amount: string) =>
      t.ledger.transact({
        run: (tx) =>
          tx.post({
            kind: 'fee',
            userId: user.id,
            ref: null,
            legs: [
              { account: spot, amount: new Dec(amount).neg(), hold: h },
              { account: fees, amount: new Dec(amount) },
            ],
          }),
      });
    await payFromHold(held, '10');
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 70, locked: 20 });
    await expect(payFromHold(held, '20.5')).rejects.toThrow(/holds less than 20\.5/);
    expect(await checkLedger(db)).toEqual([]);

    await release(held);
    expect(held.status).toBe('released');
    await release(held);
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 90, locked: 0 });
    await expect(payFromHold(held, '1')).rejects.toThrow(/is not live/);

    const whole = await hold(spot, '5');
    await payFromHold(whole, '5');
    const status = await db.query<{ status: string }>('SELECT status FROM holds WHERE id = $1', [whole.id]);
    expect(status.rows[0]?.status).toBe('consumed');
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 85, locked: 0 });
    expect(await checkLedger(db)).toEqual([]);
  });

  it('refuses unbalanced journal transactions before writing', async () => {
    const user = await createUser(db);
    const before = await countJournal(db);
    await expect(
      t.ledger.transact({
        run: (tx) =>
          tx.post({
            kind: 'broken',
            userId: null,
            ref: null,
            legs: [
              { account: accountRef(systemOwners.demoGrant, 'BTC', 'spot'), amount: new Dec('-1') },
              { account: accountRef(user.id, 'BTC', 'spot'), amount: new Dec('0.9') },
            ],
          }),
      }),
    ).rejects.toThrow(/sum to -0\.1/);
    expect(await countJournal(db)).toBe(before);
  });

  it('writes a business record in the batch statement: when it fails, no posting of the batch stays', async () => {
    const user = await createUser(db);
    await grant(user.id, '10');
    const before = await countJournal(db);
    const spot: AccountRef = accountRef(user.id, 'USDT', 'spot');
    const futures = accountRef(user.id, 'USDT', 'futures');
    const posting = { kind: 'transfer', userId: user.id, ref: null, legs: [
      { account: spot, amount: new Dec('-1') },
      { account: futures, amount: new Dec('1') },
    ] };
    const [broken, fine] = await Promise.allSettled([
      t.ledger.transact({ run: (tx) => { tx.post(posting); tx.record(notesWriter, { id: randomUUID(), note: null }); } }),
      t.ledger.transact({ run: (tx) => { tx.post(posting); tx.record(notesWriter, { id: randomUUID(), note: 'kept' }); } }),
    ]);
    // One statement for the batch: the null note refuses it whole, every try, and both jobs fail.
    expect(broken).toMatchObject({ status: 'rejected', reason: expect.any(LedgerWriteFailed) });
    expect(fine).toMatchObject({ status: 'rejected', reason: expect.any(LedgerWriteFailed) });
    expect(await countJournal(db)).toBe(before);
    expect(await balance(db, user.id, 'USDT', 'spot')).toEqual({ available: 10, locked: 0 });
    const notes = await db.query('SELECT 1 FROM ledger_test_notes');
    expect(notes.rows).toHaveLength(0);
    await t.ledger.transact({ run: (tx) => { tx.post(posting); tx.record(notesWriter, { id: randomUUID(), note: 'alone' }); } });
    expect(await balance(db, user.id, 'USDT', 'futures')).toEqual({ available: 1, locked: 0 });
  });

  it('runs an idempotent call once and replays its answer; another body under the key is 422', async () => {
    const user = await createUser(db);
    await grant(user.id, '10');
    const input = { symbol: 'USDT', amount: '1', from: 'spot' as const, to: 'futures' as const };
    const run = (body: typeof input) => transfer(t.transfers, user.id, body, { key: 'key-1', hash: hashRequest(body) });
    const first = await run(input);
    const second = await run(input);
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    await expect(run({ ...input, amount: '2' })).rejects.toMatchObject({ statusCode: 422, message: serverMessages.idempotencyKeyReused });
    expect(await balance(db, user.id, 'USDT', 'futures')).toEqual({ available: 1, locked: 0 });
  });

  it('gives a refused idempotent call its key back, so a retry runs afresh', async () => {
    const user = await createUser(db);
    const input = { symbol: 'USDT', amount: '5', from: 'spot' as const, to: 'futures' as const };
    const run = () => transfer(t.transfers, user.id, input, { key: 'key-2', hash: hashRequest(input) });
    await expect(run()).rejects.toThrow(walletMessages.insufficientBalance);
    await grant(user.id, '5');
    expect((await run()).replayed).toBe(false);
    expect(await balance(db, user.id, 'USDT', 'futures')).toEqual({ available: 5, locked: 0 });
  });

  it('lets the database refuse a negative user balance written directly', async () => {
    const user = await createUser(db);
    await grant(user.id, '1');
    await expect(
      db.query(`UPDATE ledger_accounts SET available = -1 WHERE owner = $1`, [user.id]),
    ).rejects.toThrow(/ledger_accounts_non_negative/);
    await expect(
      db.query(`UPDATE ledger_accounts SET locked = -1 WHERE owner = $1`, [user.id]),
    ).rejects.toThrow(/ledger_accounts_non_negative/);
  });

  it('reports breaches when the books are tampered with', async () => {
    const user = await createUser(db);
    await grant(user.id, '5');
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
