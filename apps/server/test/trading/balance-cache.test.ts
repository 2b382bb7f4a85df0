import { describe, expect, it } from 'vitest';
import { BalanceCache } from '../../src/trading/balance-cache.js';
import { Dec } from '../../src/market/decimal.js';

const d = (v: string) => new Dec(v);

describe('BalanceCache', () => {
  it('knows only what was loaded', () => {
    const c = new BalanceCache();
    expect(c.has('u|USDT')).toBe(false);
    expect(c.view('u|USDT')).toBeUndefined();
    expect(c.addPending('u|USDT', d('-5'))).toBe(false);
    c.load('u|USDT', d('100'));
    expect(c.view('u|USDT')?.toFixed()).toBe('100');
  });

  it('counts the batches in flight until their writes come back with the database value', () => {
    const c = new BalanceCache();
    c.load('u|USDT', d('100'));
    // Batch 1 holds 30, batch 2 holds 20 while batch 1 is still being written.
    c.addPending('u|USDT', d('-30'));
    c.addPending('u|USDT', d('-20'));
    expect(c.view('u|USDT')?.toFixed()).toBe('50');
    // Batch 1 comes back; meanwhile a deposit of 7 landed in the database.
    c.settle('u|USDT', d('77'), d('-30'));
    expect(c.view('u|USDT')?.toFixed()).toBe('57');
    c.settle('u|USDT', d('57'), d('-20'));
    expect(c.view('u|USDT')?.toFixed()).toBe('57');
  });

  it('forgets everything on clear, and a late write back does not bring an entry back', () => {
    const c = new BalanceCache();
    c.load('u|USDT', d('100'));
    c.addPending('u|USDT', d('-30'));
    c.clear();
    c.settle('u|USDT', d('70'), d('-30'));
    expect(c.has('u|USDT')).toBe(false);
  });
});
