import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerBatch } from '../../src/ledger/batch.js';
import { LedgerWriteFailed } from '../../src/ledger/ledger.js';
import { accountRef, type Posting } from '../../src/ledger/postings.js';
import { Dec } from '../../src/shared/decimal.js';
import { InvariantBroken } from '../../src/shared/invariant.js';
import { countJournal, createUser, openLedgerDb, type LedgerDb } from './ledger-db.js';

const a = accountRef('u-inv', 'USDT', 'spot');
const fees = accountRef('system:fees', 'USDT', 'spot');
const posting = (legs: Posting['legs']): Posting => ({ kind: 'test', userId: null, ref: null, legs });

describe('LedgerBatch.checkBooks', () => {
  it('passes a batch that places, spends and releases holds, old and new', () => {
    const batch = new LedgerBatch();
    const old = { id: 'old', account: a, reason: 'order', ref: null, left: new Dec(5), status: 'live' as const };
    const hold = batch.placeHold(a, new Dec(10), 'order');
    batch.post(posting([{ account: a, amount: new Dec(-4), hold }, { account: fees, amount: new Dec(4) }]));
    batch.post(posting([{ account: a, amount: new Dec(-2), hold: old }, { account: fees, amount: new Dec(2) }]));
    batch.release(old);
    expect(() => batch.checkBooks()).not.toThrow();
  });

  it('issue 14 #9: fires when a hold was edited by hand, so the hold row and the locked balance would part', () => {
    const batch = new LedgerBatch();
    const hold = batch.placeHold(a, new Dec(10), 'order');
    hold.left = new Dec(12);
    expect(() => batch.checkBooks()).toThrow(InvariantBroken);
    expect(() => batch.checkBooks()).toThrow(/locked moves by 10 but its holds by 12/);
  });

  it('issue 14 #9: fires when a release would give back more than was held (a hold left negative)', () => {
    const batch = new LedgerBatch();
    const hold = { id: 'h', account: a, reason: 'order', ref: null, left: new Dec(3), status: 'live' as const };
    batch.post(posting([{ account: a, amount: new Dec(-3), hold }, { account: fees, amount: new Dec(3) }]));
    hold.left = new Dec(-1);
    expect(() => batch.checkBooks()).toThrow(/hold h is consumed with -1 left/);
  });
});

describe('a broken invariant in a ledger batch', () => {
  let t: LedgerDb;
  beforeAll(async () => {
    t = await openLedgerDb('pglite');
  });
  afterAll(async () => t?.close());

  it('issue 14 #9: fails the whole batch as a bug and commits none of it', async () => {
    const user = await createUser(t.db);
    const spot = accountRef(user.id, 'USDT', 'spot');
    await t.ledger.transact({
      run: (tx) => tx.post(posting([{ account: accountRef('system:demo-grant', 'USDT', 'spot'), amount: new Dec(-10) }, { account: spot, amount: new Dec(10) }])),
    });
    const journal = await countJournal(t.db);
    const honest = t.ledger.transact({ run: (tx) => tx.post(posting([{ account: spot, amount: new Dec(-1) }, { account: fees, amount: new Dec(1) }])) });
    const broken = t.ledger.transact({
      run: (tx) => {
        const hold = tx.placeHold(spot, new Dec(2), 'order');
        hold.left = new Dec(3);
      },
    });
    await expect(broken).rejects.toBeInstanceOf(LedgerWriteFailed);
    await expect(honest).rejects.toBeInstanceOf(LedgerWriteFailed);
    expect(await countJournal(t.db)).toBe(journal);
    const holds = await t.db.query('SELECT h.id FROM holds h JOIN ledger_accounts a ON a.id = h.account_id WHERE a.owner = $1', [user.id]);
    expect(holds.rows).toEqual([]);
  });
});
