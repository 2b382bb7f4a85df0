import { describe, expect, it } from 'vitest';
import { LedgerBatch } from '../../src/ledger/batch.js';
import { accountRef, validatePosting, type AccountRef, type Posting } from '../../src/ledger/postings.js';
import { Dec } from '../../src/shared/decimal.js';

const a: AccountRef = accountRef('u1', 'USDT', 'spot');
const b: AccountRef = accountRef('u1', 'USDT', 'futures');
const posting = (legs: Posting['legs']): Posting => ({ kind: 'test', userId: null, ref: null, legs });

describe('validatePosting', () => {
  it('takes legs up to an account’s capacity, exactly, and refuses one past it (issue 14 #2: nothing reaches the 36 digits of NUMERIC(36,18))', () => {
    const capacity = new Dec('100000000000000000');
    expect(() => validatePosting(posting([{ account: a, amount: capacity.neg() }, { account: b, amount: capacity }]))).not.toThrow();
    const precise = new Dec('12345678901234567.123456789012345678');
    expect(() => validatePosting(posting([{ account: a, amount: precise.neg() }, { account: b, amount: precise }]))).not.toThrow();
    const big = new Dec('999999999999999999.999999999999999999');
    expect(() => validatePosting(posting([{ account: a, amount: big.neg() }, { account: b, amount: big }]))).toThrow(/above an account's capacity/);
  });

  it.each([
    ['one leg', [{ account: a, amount: new Dec(1) }], /at least two legs/],
    ['a zero leg', [{ account: a, amount: new Dec(0) }, { account: b, amount: new Dec(0) }], /Invalid leg amount 0/],
    ['more than 18 decimals', [{ account: a, amount: new Dec('-1e-19') }, { account: b, amount: new Dec('1e-19') }], /Invalid leg amount/],
    ['legs of an asset that do not sum to zero', [{ account: a, amount: new Dec(-1) }, { account: b, amount: new Dec('0.999999999999999999') }], /sum to -0\.000000000000000001/],
  ] as const)('refuses %s', (_name, legs, message) => {
    expect(() => validatePosting(posting(legs))).toThrow(message);
  });

  it('refuses spending a hold twice over in one posting, a credit from a hold and a hold of another account', () => {
    const batch = new LedgerBatch();
    const hold = batch.placeHold(a, new Dec(10), 'order');
    const fee = { account: accountRef('system:fees', 'USDT', 'spot'), amount: new Dec(12) };
    expect(() => validatePosting(posting([{ account: a, amount: new Dec(-6), hold }, { account: a, amount: new Dec(-6), hold }, fee]))).toThrow(/holds less than 12/);
    expect(() => validatePosting(posting([{ account: a, amount: new Dec(1), hold }, { account: b, amount: new Dec(-1) }]))).toThrow(/must be a debit/);
    expect(() => validatePosting(posting([{ account: b, amount: new Dec(-1), hold }, { ...fee, amount: new Dec(1) }]))).toThrow(/another account/);
  });
});

describe('LedgerBatch', () => {
  it('keeps balances, the hold and the journal in step: place, spend, release', () => {
    const batch = new LedgerBatch();
    const hold = batch.placeHold(a, new Dec(10), 'order', 'o1');
    batch.post(posting([{ account: a, amount: new Dec(-4), hold }, { account: b, amount: new Dec(4) }]));
    batch.release(hold);
    batch.release(hold);
    expect(hold).toMatchObject({ status: 'released' });
    expect(hold.left.toFixed()).toBe('0');
    const change = (ref: AccountRef) => {
      const c = [...batch.changes.values()].find((x) => x.account === ref);
      return [c?.available.toFixed(), c?.locked.toFixed()];
    };
    // 10 held, 4 spent from locked, 6 released: available -4, locked 0.
    expect(change(a)).toEqual(['-4', '0']);
    expect(change(b)).toEqual(['4', '0']);
    expect(batch.newHolds.has(hold)).toBe(true);
    expect(batch.changedHolds.size).toBe(0);
    expect(batch.journal).toHaveLength(1);
  });

  it('marks a hold spent to zero consumed', () => {
    const batch = new LedgerBatch();
    const hold = batch.placeHold(a, new Dec(3), 'order');
    batch.post(posting([{ account: a, amount: new Dec(-3), hold }, { account: b, amount: new Dec(3) }]));
    expect(hold.status).toBe('consumed');
  });
});
