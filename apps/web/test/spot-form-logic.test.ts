import { describe, expect, it } from 'vitest';
import { spotMessages } from '@exchange/contract';
import {
  amountForPercent,
  availableText,
  maxAmount,
  maxPrice,
  orderTotal,
  percentForAmount,
  validateTrade,
  type TradeInput,
} from '../src/features/spot/form/tradeForm';
import { compareDecimals, floorToStep, isOnStep, maxBuyOnStep, stepDecimals } from '../src/shared/trading/steps';
import { pagerItems, showingText } from '../src/shared/trading/pager';
import { orderQuery } from '../src/features/spot/api/spotApi';
import { i18n } from '../src/shared/i18n/i18n';

/** A problem as the form shows it in English: the contract's text or the web's own message. */
function text(problem: ReturnType<typeof validateTrade>): string | null {
  return problem === null || typeof problem === 'string' ? problem : i18n._(problem);
}

const base: TradeInput = {
  signedIn: true,
  side: 'buy',
  executionType: 'limit',
  amount: '0.5',
  price: '100',
  stopPrice: '',
  usdtBalance: '1000',
  cryptoBalance: '2',
  lot: '0.00001',
};

describe('spot trade form logic', () => {
  it('max buy is USDT balance / price, floored to the lot; max sell is the coin balance floored to the lot', () => {
    expect(maxAmount('buy', '3', '100', '0', '0.00001')).toBe('33.33333');
    expect(maxAmount('buy', '0', '100', '0', '0.00001')).toBe('0.00000');
    expect(maxAmount('buy', '', '100', '0', '0.00001')).toBe('0.00000');
    expect(maxAmount('sell', '3', '100', '1.234567', '0.00001')).toBe('1.23456');
    expect(maxAmount('sell', '3', '100', '123.456', '1')).toBe('123');
    expect(maxAmount('buy', '0.22501', '100', '0', '1')).toBe('444');
  });

  it('the available balance shown for a sell is exactly what can be sold, never rounded up (issue 13, defect 3)', () => {
    // 0.0012 BTC bought with the 0.1 % fee taken in BTC leaves 0.0011988.
    const sell = { ...base, side: 'sell' as const, cryptoBalance: '0.0011988' };
    expect(availableText('sell', '0', '0.0011988', '0.00001')).toBe('0.00119');
    expect(validateTrade({ ...sell, amount: availableText('sell', '0', '0.0011988', '0.00001') })).toBeNull();
    expect(amountForPercent(100, maxAmount('sell', '100', '0', '0.0011988', '0.00001'), '0.00001')).toBe('0.00119');
    expect(text(validateTrade({ ...sell, amount: '0.0012' }))).toBe('Insufficient balance. Max sell amount: 0.00119');
    expect(availableText('buy', '999.999999', '0', '0.00001')).toBe('999.99999');
    expect(availableText('sell', '0', '123.456', '1')).toBe('123.00000');
  });

  it('100 % buys exactly what the USDT pays for at the price, and one lot more is refused', () => {
    const buy = { ...base, usdtBalance: '103.66889', price: '103668.89' };
    const max = maxAmount('buy', buy.price, buy.usdtBalance, '0', '0.00001');
    expect(max).toBe('0.00100');
    expect(amountForPercent(100, max, '0.00001')).toBe('0.00100');
    expect(validateTrade({ ...buy, amount: '0.001' })).toBeNull();
    expect(text(validateTrade({ ...buy, amount: '0.00101' }))).toBe('Insufficient balance. Max buy amount: 0.00100');
  });

  it('refuses an amount off the lot before the server does', () => {
    expect(text(validateTrade({ ...base, amount: '0.000001' }))).toBe('Amount must be a multiple of 0.00001');
    expect(text(validateTrade({ ...base, amount: '1.5', lot: '1' }))).toBe('Amount must be a multiple of 1');
  });

  it('the slider sets the amount to its share of the max on the lot and follows a typed amount', () => {
    expect(amountForPercent(50, '2', '0.00001')).toBe('1.00000');
    expect(amountForPercent(100, '33.33333', '0.00001')).toBe('33.33333');
    expect(amountForPercent(33, '1', '0.00001')).toBe('0.33000');
    expect(amountForPercent(50, '0.00119', '0.00001')).toBe('0.00059');
    expect(amountForPercent(25, '10', '1')).toBe('2');
    expect(amountForPercent(0, '10', '0.00001')).toBe('');
    expect(amountForPercent(25, '0', '0.00001')).toBe('');
    expect(percentForAmount('1', '4')).toBe(25);
    expect(percentForAmount('9', '4')).toBe(100);
    expect(percentForAmount('', '4')).toBe(0);
  });

  it('total is amount × price to 5 decimals, exactly; max price is price × 1.05', () => {
    expect(orderTotal('0.1', '3')).toBe('0.30000');
    expect(orderTotal('0.123456', '2')).toBe('0.24691');
    expect(orderTotal('', '100')).toBe('0.00000');
    expect(maxPrice('100')).toBeCloseTo(105);
  });

  it('validates in the order login, amount, price, max', () => {
    expect(validateTrade({ ...base, signedIn: false, amount: '', price: '' })).toBe(spotMessages.loginToTrade);
    expect(validateTrade({ ...base, amount: '', price: '' })).toBe('Please enter a valid amount');
    expect(validateTrade({ ...base, amount: '0', price: '' })).toBe('Please enter a valid amount');
    expect(validateTrade({ ...base, price: '0' })).toBe('Please enter a valid price');
    expect(text(validateTrade({ ...base, amount: '11' }))).toBe(spotMessages.maxExceeded('buy', '10.00000'));
    expect(text(validateTrade({ ...base, side: 'sell', amount: '3' }))).toBe(spotMessages.maxExceeded('sell', '2.00000'));
    expect(validateTrade({ ...base, executionType: 'stop-limit' })).toBe(spotMessages.invalidStopPrice);
    expect(validateTrade({ ...base, executionType: 'stop-limit', stopPrice: '99' })).toBeNull();
    expect(validateTrade(base)).toBeNull();
    expect(validateTrade({ ...base, amount: '10' })).toBeNull();
  });

  it('sends limit orders with price and total_in_usdt to 6 decimals, market orders without them', () => {
    const input = { uid: 7, coinPairId: 1, side: 'buy' as const, price: '100.5', amount: '0.3' };
    expect(orderQuery({ ...input, executionType: 'limit' })).toMatchObject({
      uid: '7',
      coin_id: '1',
      order_type: 'buy',
      excecution_type: 'limit',
      price: '100.5',
      amount: '0.3',
      total_in_usdt: '30.150000',
      stop_price: undefined,
    });
    const market = orderQuery({ ...input, executionType: 'market' });
    expect(market.price).toBeUndefined();
    expect(market.total_in_usdt).toBeUndefined();
    expect(orderQuery({ ...input, executionType: 'stop-limit', stopPrice: '99' }).stop_price).toBe('99');
  });
});

describe('spot pager', () => {
  it('shows at most 5 page numbers with ellipses', () => {
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 9)).toEqual([1, 2, 3, 4, 5, 'gap-end']);
    expect(pagerItems(5, 9)).toEqual(['gap-start', 3, 4, 5, 6, 7, 'gap-end']);
    expect(pagerItems(9, 9)).toEqual(['gap-start', 5, 6, 7, 8, 9]);
  });

  it('says which orders are shown', () => {
    expect(i18n._(showingText(1, 10, 23))).toBe('Showing 1-10 of 23 orders');
    expect(i18n._(showingText(3, 10, 23))).toBe('Showing 21-23 of 23 orders');
    expect(i18n._(showingText(1, 10, 0))).toBe('Showing 0-0 of 0 orders');
  });
});

describe('exact steps', () => {
  it('floors to a step without float noise, whatever the step', () => {
    expect(floorToStep('0.0011988', '0.00001')).toBe('0.00119');
    expect(floorToStep(0.1 + 0.2, '0.1')).toBe('0.3');
    expect(floorToStep('7.9', '0.5')).toBe('7.5');
    expect(floorToStep(1e-7, '0.00001')).toBe('0.00000');
    expect(floorToStep('-3', '1')).toBe('0');
    expect(floorToStep('abc', '0.01')).toBe('0.00');
  });

  it('buys whole lots only: price × result never exceeds the quote', () => {
    expect(maxBuyOnStep('0.3', '0.1', '1')).toBe('3');
    expect(maxBuyOnStep('123456789.123456', '103668.89', '0.00001')).toBe('1190.87596');
    expect(maxBuyOnStep('10', '0', '0.00001')).toBe('0.00000');
  });

  it('compares and checks the grid exactly', () => {
    expect(compareDecimals('0.0012', '0.00119')).toBe(1);
    expect(compareDecimals('0.30', '0.3')).toBe(0);
    expect(isOnStep('0.00119', '0.00001')).toBe(true);
    expect(isOnStep('0.000119', '0.00001')).toBe(false);
    expect(isOnStep('1', '0')).toBe(false);
    expect(stepDecimals('0.0010')).toBe(3);
    expect(stepDecimals('10')).toBe(0);
  });
});
