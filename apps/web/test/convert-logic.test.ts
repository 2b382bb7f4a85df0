import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { convertMessages as m, type ConversionCurrency } from '@exchange/contract';
import { ApiError, NetworkError } from '../src/shared/api/http';
import { TimeoutError } from '../src/features/convert/api/timeout';
import { linkedAmount, liveAmountError, normalizedAmount, trimZeros, validateConversion } from '../src/features/convert/model/amounts';
import {
  coinSide,
  DEFAULT_DIRECTION,
  indicativeRate,
  keepsCurrency,
  pickableCurrencies,
  type CurrencyFilter,
  swapDirection,
  withCoin,
} from '../src/features/convert/model/currencies';
import { failureOutcome, isQuoteRefusal } from '../src/features/convert/model/outcome';
import { secondsLeft } from '../src/features/convert/model/rate';
import { searchCoins } from '../src/shared/market/coinSearch';

/** The rows the picker shows for a query under a filter. */
const pickerCurrencies = (all: readonly ConversionCurrency[], query: string, filter: CurrencyFilter) =>
  searchCoins(pickableCurrencies(all).filter((c) => keepsCurrency(filter, c)), query);

const currency = (symbol: string, name: string, price: string): ConversionCurrency => ({ id: 0, symbol, name, image_path: '', price });
const list = [
  currency('USDT', 'Tether', '1'),
  currency('BTC', 'Bitcoin', '50000'),
  currency('ETH', 'Ethereum', '2500'),
  currency('USDC', 'USD Coin', '1'),
  currency('DAI', 'Dai', '1'),
  currency('WBTC', 'Wrapped Bitcoin', '50000'),
];

describe('linked amounts (spec 2 §5)', () => {
  it('multiplies by the rate to at most 8 decimals and trims trailing zeros', () => {
    expect(linkedAmount('100', '0.00002')).toBe('0.002');
    expect(linkedAmount('1', '0.0000153846153')).toBe('0.00001538');
    expect(linkedAmount('0.5', '2')).toBe('1');
    expect(linkedAmount('3', '0.333333333')).toBe('1');
    expect(linkedAmount('1', '0.000000001')).toBe('0');
  });

  it('links nothing without a rate or an amount', () => {
    expect(linkedAmount('', '2')).toBe('');
    expect(linkedAmount('.', '2')).toBe('');
    expect(linkedAmount('5', null)).toBe('');
  });

  it('trims only decimals', () => {
    expect(trimZeros('100')).toBe('100');
    expect(trimZeros('1.50000000')).toBe('1.5');
    expect(trimZeros('2.000')).toBe('2');
  });

  it('normalises a typed amount for the quote and refuses zero', () => {
    expect(normalizedAmount('0100.50')).toBe('100.5');
    expect(normalizedAmount('.5')).toBe('0.5');
    expect(normalizedAmount('0')).toBeNull();
    expect(normalizedAmount('0.000')).toBeNull();
    expect(normalizedAmount('')).toBeNull();
  });
});

describe('balance checks (spec 2 §5)', () => {
  const draft = { fromAmount: '100', toAmount: '0.002', edited: 'from' as const, balance: '100' };

  it('flags a From amount above the balance, worded by the box typed in', () => {
    expect(liveAmountError(draft)).toBeNull();
    expect(liveAmountError({ ...draft, fromAmount: '100.00000001' })).toBe(m.exceedsBalance);
    expect(liveAmountError({ ...draft, fromAmount: '100.00000001', edited: 'to' })).toBe(m.requiredExceedsBalance);
  });

  it('says nothing while the balance is unknown', () => {
    expect(liveAmountError({ ...draft, fromAmount: '1000', balance: null })).toBeNull();
  });

  it('on submit refuses an empty or zero amount, then an amount over the balance', () => {
    expect(validateConversion({ ...draft, fromAmount: '' })).toBe(m.invalidAmount);
    expect(validateConversion({ ...draft, fromAmount: '0' })).toBe(m.invalidAmount);
    expect(validateConversion({ ...draft, toAmount: '0' })).toBe(m.invalidAmount);
    expect(validateConversion({ ...draft, fromAmount: '101' })).toBe(m.insufficientBalance);
    expect(validateConversion(draft)).toBeNull();
  });
});

describe('currencies (spec 2 §5)', () => {
  it('lists every coin but USDT under All, symbol matches first', () => {
    expect(pickerCurrencies(list, '', 'all').map((c) => c.symbol)).toEqual(['BTC', 'ETH', 'USDC', 'DAI', 'WBTC']);
    expect(pickerCurrencies(list, 'bitcoin', 'all').map((c) => c.symbol)).toEqual(['BTC', 'WBTC']);
    expect(pickerCurrencies(list, 'wb', 'all').map((c) => c.symbol)).toEqual(['WBTC']);
    expect(pickerCurrencies(list, 'BT', 'all').map((c) => c.symbol)).toEqual(['BTC', 'WBTC']);
  });

  it('keeps only the stablecoins of STABLECOIN_SYMBOLS under Stablecoins, USDT still left out', () => {
    expect(pickerCurrencies(list, '', 'stablecoins').map((c) => c.symbol)).toEqual(['USDC', 'DAI']);
    expect(pickerCurrencies(list, 'dai', 'stablecoins').map((c) => c.symbol)).toEqual(['DAI']);
    expect(pickerCurrencies(list, 'btc', 'stablecoins')).toEqual([]);
  });

  it('keeps USDT on exactly one side through swaps and picks', () => {
    expect(DEFAULT_DIRECTION).toEqual({ from: 'USDT', to: 'BTC' });
    const sell = swapDirection(DEFAULT_DIRECTION);
    expect(sell).toEqual({ from: 'BTC', to: 'USDT' });
    expect(coinSide(sell)).toBe('from');
    expect(withCoin(sell, 'ETH')).toEqual({ from: 'ETH', to: 'USDT' });
    expect(withCoin(DEFAULT_DIRECTION, 'ETH')).toEqual({ from: 'USDT', to: 'ETH' });
    expect(withCoin(DEFAULT_DIRECTION, 'usdt')).toEqual(DEFAULT_DIRECTION);
  });

  it('gives the prices rate until a quote comes, none for an unknown price', () => {
    expect(Number(indicativeRate(list, DEFAULT_DIRECTION))).toBeCloseTo(0.00002, 12);
    expect(Number(indicativeRate(list, { from: 'ETH', to: 'USDT' }))).toBe(2500);
    expect(indicativeRate(list, { from: 'USDT', to: 'SOL' })).toBeNull();
  });
});

describe('submit outcomes (spec 2 §8)', () => {
  it('asks for a new quote on refusals about the quote and shows other refusals as errors', () => {
    expect(isQuoteRefusal(m.quoteExpired)).toBe(true);
    // Refusals with values come translated: their message code tells them, whatever the words.
    expect(isQuoteRefusal('El tipo ha cambiado', 'convert.rateMoved')).toBe(true);
    expect(isQuoteRefusal('La cantidad convertida no coincide', 'convert.convertedMismatch')).toBe(true);
    expect(isQuoteRefusal(m.rateMoved('0.00002', 'USDT', 'BTC'))).toBe(false);
    expect(isQuoteRefusal(m.insufficientBalance)).toBe(false);
    expect(failureOutcome(new ApiError('x', 400, 'RATE_MOVED', undefined, 'El tipo ha cambiado', 'convert.rateMoved'))).toEqual({
      kind: 'requote',
      message: 'El tipo ha cambiado',
    });
    expect(failureOutcome(new ApiError(m.quoteExpired, 409, undefined, undefined, m.quoteExpired))).toEqual({ kind: 'requote', message: m.quoteExpired });
    expect(failureOutcome(new ApiError(m.insufficientBalance, 400, undefined, undefined, m.insufficientBalance))).toEqual({
      kind: 'error',
      message: m.insufficientBalance,
    });
  });

  it('words timeouts, network failures, odd answers and the rest as the spec does', () => {
    expect(failureOutcome(new TimeoutError())).toEqual({ kind: 'error', message: m.timedOut });
    expect(failureOutcome(new NetworkError())).toEqual({ kind: 'error', message: m.failed });
    expect(failureOutcome(new ApiError('500 Internal', 500))).toEqual({ kind: 'error', message: m.failed });
    expect(failureOutcome(new ZodError([]))).toEqual({ kind: 'error', message: m.unexpectedFormat });
    expect(failureOutcome(new Error('boom'))).toEqual({ kind: 'error', message: m.unexpected });
  });

  it('counts a quote down in whole seconds', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });
});
