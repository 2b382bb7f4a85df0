import { describe, expect, it } from 'vitest';
import type { EarnProduct } from '@exchange/contract';
import { amountProblem, redeemProblem } from '../src/features/earn/model/amountCheck';
import { aprRange, compareAmounts, dailyInterest, interestOver } from '../src/features/earn/model/earnMath';
import { groupByCoin } from '../src/features/earn/model/terms';

const product = (id: string, symbol: string, term: 'flexible' | 'fixed', apr: string, min = '1'): EarnProduct => ({
  id,
  symbol,
  name: symbol,
  logo_path: '',
  apr,
  term,
  term_days: term === 'flexible' ? null : 30,
  min_amount: min,
});

describe('Earn arithmetic', () => {
  it('pays a day as the server does: amount × APR / 365, cut to 8 decimals', () => {
    expect(dailyInterest('100', '0.045')).toBe('0.01232876');
    expect(dailyInterest('0.5', '0.012')).toBe('0.00001643');
    expect(dailyInterest('0.00000001', '0.045')).toBe('0.00000000');
    expect(interestOver('100', '0.045', 30)).toBe('0.36986280');
    expect(dailyInterest('abc', '0.045')).toBe('0.00000000');
  });

  it('compares long decimals exactly, without binary floats', () => {
    expect(compareAmounts('0.30000000000000001', '0.3')).toBe(1);
    expect(compareAmounts('10', '10.000')).toBe(0);
    expect(compareAmounts('9.99999999', '10')).toBe(-1);
    expect(compareAmounts('1e3', '10')).toBeNull();
  });

  it('gives the APR range of a coin', () => {
    expect(aprRange(['0.08', '0.045', '0.06'])).toEqual({ low: '0.045', high: '0.08' });
  });
});

describe('what the Subscribe dialog refuses before sending', () => {
  const usdt = product('USDT-FLEX', 'USDT', 'flexible', '0.045', '1');
  it('checks in the server’s order: a valid amount, the minimum, then the balance', () => {
    expect(amountProblem('', usdt, '50')).toEqual({ kind: 'invalid' });
    expect(amountProblem('0', usdt, '50')).toEqual({ kind: 'invalid' });
    expect(amountProblem('0.5', usdt, '50')).toEqual({ kind: 'belowMinimum', min: '1', symbol: 'USDT' });
    expect(amountProblem('50.00000001', usdt, '50')).toEqual({ kind: 'insufficient' });
    expect(amountProblem('50', usdt, '50')).toBeNull();
    // The balance still loading is no reason to refuse: the server checks it.
    expect(amountProblem('5000', usdt, null)).toBeNull();
  });
});

describe('the overview’s rows by coin', () => {
  it('keeps the server’s order and says Flexible, Fixed or Flexible/Fixed', () => {
    const groups = groupByCoin([
      product('USDT-FLEX', 'USDT', 'flexible', '0.045'),
      product('USDT-30D', 'USDT', 'fixed', '0.08'),
      product('XRP-FLEX', 'XRP', 'flexible', '0.02'),
      product('DOT-30D', 'DOT', 'fixed', '0.1'),
    ]);
    expect(groups.map((g) => [g.symbol, g.terms, g.products.length])).toEqual([
      ['USDT', 'both', 2],
      ['XRP', 'flexible', 1],
      ['DOT', 'fixed', 1],
    ]);
  });
});

describe('Earn redemption amount', () => {
  it('takes any positive part of the principal, up to all of it', () => {
    expect(redeemProblem('', '100')).toEqual({ kind: 'invalid' });
    expect(redeemProblem('0', '100')).toEqual({ kind: 'invalid' });
    expect(redeemProblem('.', '100')).toEqual({ kind: 'invalid' });
    expect(redeemProblem('100.00000001', '100')).toEqual({ kind: 'overPrincipal' });
    expect(redeemProblem('0.00000001', '100')).toBeNull();
    expect(redeemProblem('40', '100')).toBeNull();
    expect(redeemProblem(' 100 ', '100')).toBeNull();
  });
});
