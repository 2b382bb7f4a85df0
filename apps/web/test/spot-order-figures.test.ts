import { describe, expect, it } from 'vitest';
import type { OrderHistoryRow } from '@exchange/contract';
import { NONE, orderFigures } from '../src/features/spot/orders/orderFigures';

const order = (over: Partial<OrderHistoryRow>): OrderHistoryRow => ({
  order_id: '1',
  date: '2026-11-29T04:00:00.000Z',
  coin_id: 1,
  coin_name: 'Bitcoin',
  symbol: 'BTC',
  order_type: 'buy',
  excecution_type: 'limit',
  price: '100000',
  stop_price: null,
  amount: '0.01',
  filled_amount: '0',
  average_price: null,
  account_balance: '1000',
  total: '0',
  fee: '0',
  fee_asset: 'BTC',
  status: 'pending',
  logo_path: '',
  ...over,
});

describe('spot order figures (issue 40)', () => {
  it('gives a resting limit order with no fill its value, price × amount, as Total', () => {
    expect(orderFigures(order({})).total).toBe('1,000.00000 USDT');
    expect(orderFigures(order({ excecution_type: 'stop-limit', stop_price: '99000' })).total).toBe('1,000.00000 USDT');
    // Once a part filled, what the fills cost so far (issue 13's rule for open orders).
    const part = orderFigures(order({ status: 'partially filled', filled_amount: '0.004', average_price: '99000', total: '396', account_balance: '996' }));
    expect(part.total).toBe('396.00000 USDT');
    expect(part.averagePrice).toBe('99,000.00');
  });

  it('gives a finished order what its fills cost, and nothing without a fill', () => {
    expect(orderFigures(order({ status: 'filled', filled_amount: '0.01', average_price: '99500', total: '995', account_balance: '995' })).total).toBe('995.00000 USDT');
    expect(orderFigures(order({ status: 'canceled', account_balance: '0' })).total).toBe(NONE);
    expect(orderFigures(order({ excecution_type: 'market', status: 'canceled', account_balance: '0' })).total).toBe(NONE);
  });
});
