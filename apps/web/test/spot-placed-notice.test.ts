import { describe, expect, it } from 'vitest';
import type { PlaceOrderResponse } from '@exchange/contract';
import { placedNoticeText } from '../src/features/spot/form/placedNotice';
import { i18n } from '../src/shared/i18n/i18n';

const answer = (over: Partial<PlaceOrderResponse>): PlaceOrderResponse => ({
  success: true,
  order_id: '1',
  message: 'Buy order placed successfully!',
  status: 'pending',
  filled_amount: '0',
  average_price: null,
  total: '0',
  fee: '0',
  fee_asset: 'BTC',
  ...over,
});
const buy = { side: 'buy' as const, symbol: 'BTC', amount: '0.01', lot: '0.00001' };
const sell = { ...buy, side: 'sell' as const };

describe('the notice of a placed spot order (issue 40)', () => {
  it('keeps the spec’s words when nothing filled, or the answer does not say', () => {
    expect(placedNoticeText(i18n, answer({}), buy)).toBe('Buy order placed successfully!');
    expect(placedNoticeText(i18n, answer({}), sell)).toBe('Sell order placed successfully!');
    expect(placedNoticeText(i18n, { success: true, order_id: '1', message: 'x', status: 'filled', filled_amount: '0.01' }, buy)).toBe('Buy order placed successfully!');
  });

  it('says what filled at once, at what average price and for what fee', () => {
    const filled = answer({ status: 'filled', filled_amount: '0.01', average_price: '103710.37', total: '1037.1037', fee: '0.00001' });
    expect(placedNoticeText(i18n, filled, buy)).toBe('Filled: bought 0.01000 BTC at an average price of 103,710.37 USDT. Fee: 0.00001000 BTC.');
    const sold = answer({ status: 'filled', filled_amount: '0.01', average_price: '103700', total: '1037', fee: '1.037', fee_asset: 'USDT' });
    expect(placedNoticeText(i18n, sold, sell)).toBe('Filled: sold 0.01000 BTC at an average price of 103,700.00 USDT. Fee: 1.03700000 USDT.');
  });

  it('says how much of the order filled when a part rests or was cancelled', () => {
    const part = answer({ status: 'partially filled', filled_amount: '0.004', average_price: '100000', fee: '0.000004' });
    expect(placedNoticeText(i18n, part, buy)).toBe(
      'Partly filled: bought 0.00400 of 0.01000 BTC at an average price of 100,000.00 USDT. Fee: 0.00000400 BTC. The rest waits in the order book.',
    );
    const cut = answer({ status: 'canceled', filled_amount: '0.004', average_price: '100000', fee: '0.000004' });
    expect(placedNoticeText(i18n, cut, buy)).toMatch(/The rest was cancelled at the price limit\.$/);
  });
});
