import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database, SqlParam } from '../../src/db/database.js';
import { grantDemo } from '../../src/ledger/demo-grant.js';
import { InsufficientBalanceError } from '../../src/ledger/errors.js';
import type { CycleParticipant, Ledger } from '../../src/ledger/ledger.js';
import { accountRef, type AccountRef } from '../../src/ledger/postings.js';
import { BATCH_WRITE_STATEMENT } from '../../src/ledger/statement.js';
import { openLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import type { DbKind } from '../helpers.js';
import { createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

/**
 * The ledger builds the next batch while the one before is written (issue 42). These tests hold the
 * first batch's statement at the database and watch what the batch built meanwhile does.
 */
describe.each<DbKind>(['pglite', 'postgres'])('the ledger pipeline on %s', (kind) => {
  let t: LedgerDb;
  beforeAll(async () => {
    t = await openLedgerDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * A ledger whose first batch statement waits for `release`, then runs or, with `refusal`, is
   * refused unrun; with `ranFirst` it runs first and its answer waits.
   */
  function heldLedger({ refusal, ranFirst = false }: { refusal?: { code: string }; ranFirst?: boolean } = {}) {
    const marks: string[] = [];
    let writes = 0;
    const gate: { release: (() => void) | null } = { release: null };
    const db: Database = Object.assign(Object.create(t.db) as Database, {
      query: async <T>(sql: string, params?: SqlParam[], name?: string) => {
        if (!name?.startsWith(BATCH_WRITE_STATEMENT)) return t.db.query<T>(sql, params, name);
        writes += 1;
        marks.push(`statement ${writes} sent`);
        if (writes === 1) {
          const ran = ranFirst ? await t.db.query<T>(sql, params, name) : null;
          await new Promise<void>((resolve) => (gate.release = resolve));
          marks.push('released');
          if (ran) return ran;
          if (refusal) throw Object.assign(new Error('refused by the test'), refusal);
        }
        return t.db.query<T>(sql, params, name);
      },
    });
    const ledger = openLedger(db, pino({ level: 'silent' }));
    return { ledger, marks, gate, statements: () => writes };
  }

  /** Moves `amount` USDT from the user's spot wallet to their futures wallet. */
  const transfer = (ledger: Ledger, userId: string, amount: string) =>
    ledger.transact({
      reads: [accountRef(userId, 'USDT', 'spot')],
      run: (tx) =>
        tx.post({
          kind: 'transfer',
          userId,
          ref: null,
          legs: [
            { account: accountRef(userId, 'USDT', 'spot'), amount: new Dec(amount).neg() },
            { account: accountRef(userId, 'USDT', 'futures'), amount: new Dec(amount) },
          ],
        }),
    });

  const hold = (ledger: Ledger, marks: string[], label: string, account: AccountRef, amount: string, state?: CycleParticipant<unknown>) =>
    ledger.transact({
      reads: [account],
      run: (tx) => {
        marks.push(`${label} ran`);
        if (state) tx.stateOf(state);
        return tx.placeHold(account, new Dec(amount), 'order', label).id;
      },
    });

  async function balance(account: AccountRef): Promise<{ available: string; locked: string }> {
    const res = await t.db.query<{ available: string; locked: string }>(
      `SELECT available::text AS available, locked::text AS locked FROM ledger_accounts
        WHERE owner = $1 AND asset = $2 AND wallet = $3`,
      [account.owner, account.asset, account.wallet],
    );
    const row = res.rows[0];
    return { available: new Dec(row?.available ?? '0').toFixed(), locked: new Dec(row?.locked ?? '0').toFixed() };
  }

  it('runs the next batch while one is written, on balances as that one leaves them, and refuses on a fresh read', async () => {
    const { ledger, marks, gate, statements } = heldLedger();
    const user = await createUser(t.db);
    await grantDemo(ledger, t.db, user.id, '100');
    const spot = accountRef(user.id, 'USDT', 'spot');

    const first = hold(ledger, marks, 'A', spot, '60');
    await vi.waitFor(() => expect(gate.release).not.toBeNull(), { interval: 5 });
    const second = hold(ledger, marks, 'C', spot, '30');
    const tooMuch = hold(ledger, marks, 'B', spot, '60');
    await vi.waitFor(() => expect(marks).toContain('C ran'), { interval: 5 });
    gate.release?.();

    await expect(first).resolves.toBeTypeOf('string');
    await expect(second).resolves.toBeTypeOf('string');
    await expect(tooMuch).rejects.toBeInstanceOf(InsufficientBalanceError);
    // C ran on the 40 that A left before A's write came back; B was refused only after a fresh read.
    expect(marks.indexOf('C ran')).toBeLessThan(marks.indexOf('released'));
    expect(marks.lastIndexOf('B ran')).toBeGreaterThan(marks.indexOf('released'));
    // Two writes, A's and C's: none refused by the database for a balance read before A's write.
    expect(statements()).toBe(2);
    expect(await balance(spot)).toEqual({ available: '10', locked: '90' });
    expect(ledger.cachedAvailable(spot)?.toFixed()).toBe('10');
  });

  it('undoes the batch built on a write the database refused, and runs both again', async () => {
    const { ledger, marks, gate } = heldLedger({ refusal: { code: '40001' } });
    const heard: string[] = [];
    let states = 0;
    const participant: CycleParticipant<number> = {
      begin: () => (states += 1),
      committed: (s) => void heard.push(`committed ${s}`),
      failed: async (s) => void heard.push(`failed ${s}`),
    };
    ledger.participate(participant);
    const user = await createUser(t.db);
    await grantDemo(ledger, t.db, user.id, '100');
    const spot = accountRef(user.id, 'USDT', 'spot');

    const first = hold(ledger, marks, 'A', spot, '60', participant as CycleParticipant<unknown>);
    await vi.waitFor(() => expect(gate.release).not.toBeNull(), { interval: 5 });
    const second = hold(ledger, marks, 'C', spot, '30', participant as CycleParticipant<unknown>);
    await vi.waitFor(() => expect(marks).toContain('C ran'), { interval: 5 });
    gate.release?.();

    await expect(first).resolves.toBeTypeOf('string');
    await expect(second).resolves.toBeTypeOf('string');
    expect(marks.filter((m) => m === 'A ran')).toHaveLength(2);
    expect(marks.filter((m) => m === 'C ran')).toHaveLength(2);
    // Both first states were undone (the refused batch's and the one built on it), the later ones committed.
    expect(heard.slice(0, 2).sort()).toEqual(['failed 1', 'failed 2']);
    expect(heard.filter((h) => h.startsWith('committed'))).toHaveLength(heard.length - 2);
    expect(await balance(spot)).toEqual({ available: '10', locked: '90' });
    const holds = await t.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM holds h JOIN ledger_accounts a ON a.id = h.account_id WHERE a.owner = $1 AND h.status = 'live'`,
      [user.id],
    );
    expect(holds.rows[0]?.n).toBe('2');
    ledger.leave(participant);
  });

  it('waits for the write in flight before reading a balance that write changes', async () => {
    const { ledger, marks, gate } = heldLedger();
    const user = await createUser(t.db);
    await grantDemo(ledger, t.db, user.id, '100');
    const futures = accountRef(user.id, 'USDT', 'futures');

    const moved = transfer(ledger, user.id, '5');
    await vi.waitFor(() => expect(gate.release).not.toBeNull(), { interval: 5 });
    const spend = hold(ledger, marks, 'D', futures, '5');
    // Turns of the event loop in which a batch built ahead would have read the futures balance (0) and refused.
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
    gate.release?.();

    await expect(moved).resolves.toBeTypeOf('string');
    await expect(spend).resolves.toBeTypeOf('string');
    expect(marks.filter((m) => !m.startsWith('statement'))).toEqual(['released', 'D ran']);
    expect(await balance(futures)).toEqual({ available: '0', locked: '5' });
  });

  /*
   * When a batch's statement returns, the next batch's statement goes first and the returned batch's
   * answers right after it, in the same turn of the event loop: what the answers write (a cluster's
   * NATS replies, gathered per turn) then leaves in that turn instead of waiting a whole turn more.
   */
  it("answers a batch after the next batch's statement was sent, before the event loop's next turn", async () => {
    const { ledger, marks, gate } = heldLedger({ ranFirst: true });
    const user = await createUser(t.db);
    await grantDemo(ledger, t.db, user.id, '100');
    const move = (label: string) => transfer(ledger, user.id, '1').then(() => marks.push(`${label} answered`));

    const first = move('first');
    await vi.waitFor(() => expect(gate.release).not.toBeNull(), { interval: 5 });
    const second = move('second');
    gate.release?.();
    setImmediate(() => marks.push('next turn'));
    await Promise.all([first, second]);
    await vi.waitFor(() => expect(marks).toContain('next turn'), { interval: 5 });

    const at = (mark: string) => marks.indexOf(mark);
    expect(marks.slice(0, 4)).toEqual(['statement 1 sent', 'released', 'statement 2 sent', 'first answered']);
    expect(at('first answered')).toBeLessThan(at('next turn'));
    expect(at('first answered')).toBeLessThan(at('second answered'));
    expect(ledger.cachedAvailable(accountRef(user.id, 'USDT', 'spot'))?.toFixed()).toBe('98');
  });
});
