import { describe, expect, it } from 'vitest';
import type { OrderHistoryRow } from '@exchange/contract';
import { markersFromOrders } from '../src/features/spot/data/fillMarkers';

function row(extra: Partial<OrderHistoryRow>): OrderHistoryRow {
  return {
    order_id: '1',
    date: '2026-05-14T13:47:29.500Z',
    coin_id: 7,
    coin_name: 'Bitcoin',
    symbol: 'BTC',
    order_type: 'buy',
    excecution_type: 'limit',
    price: '100',
    stop_price: null,
    amount: '0.02',
    filled_amount: '0.01',
    average_price: '99.5',
    account_balance: '2',
    total: '0.995',
    fee: '0',
    fee_asset: 'BTC',
    status: 'partially filled',
    logo_path: '',
    ...extra,
  };
}

const seconds = Math.floor(Date.parse('2026-05-14T13:47:29.500Z') / 1000);

describe('orders to chart markers', () => {
  it('marks filled and partly filled orders of the coin with side, time, price and amount', () => {
    const markers = markersFromOrders(
      [row({}), row({ order_id: '2', order_type: 'sell', status: 'filled', filled_amount: '0.5', average_price: '101' })],
      7,
    );
    expect(markers).toEqual([
      { time: seconds, side: 'buy', price: 99.5, text: 'B 0.01' },
      { time: seconds, side: 'sell', price: 101, text: 'S 0.5' },
    ]);
  });

  it('skips other coins, orders with nothing filled and unreadable dates', () => {
    const markers = markersFromOrders(
      [
        row({ coin_id: 8 }),
        row({ status: 'pending', filled_amount: '0' }),
        row({ status: 'canceled', filled_amount: '0' }),
        row({ date: 'not a date' }),
      ],
      7,
    );
    expect(markers).toEqual([]);
  });

  it('keeps the fills of an order canceled after a partial fill', () => {
    expect(markersFromOrders([row({ status: 'canceled', order_type: 'sell' })], 7)).toEqual([
      { time: seconds, side: 'sell', price: 99.5, text: 'S 0.01' },
    ]);
  });

  it('leaves the price out when the order has no average price', () => {
    expect(markersFromOrders([row({ average_price: null })], 7)).toEqual([{ time: seconds, side: 'buy', text: 'B 0.01' }]);
  });
});
