import { describe, expect, it } from 'vitest';
import { decodeVenueMessage, encodeVenueMessage } from '../../src/venue/wire-codec.js';
import type { VenueCommitted, VenueMessage } from '../../src/venue/events.js';
import { Dec } from '../../src/shared/decimal.js';

const trade = {
  id: 901,
  symbol: 'BTC',
  price: '64000.10',
  qty: '0.00100',
  takerSide: 'sell' as const,
  makerOrderId: '11',
  takerOrderId: '12',
  ts: 1_750_000_000_123,
};

/** One of every engine event, a user's order with decimals and a date, and a fill. */
const committed: VenueCommitted = {
  type: 'committed',
  instId: 'BTC-USDT',
  events: [
    { type: 'accepted', orderId: '11', owner: 'u1', side: 'buy', orderType: 'limit', price: 640001, qty: 100, budget: null, stopPrice: null, seq: 7 },
    { type: 'rejected', orderId: '13', owner: null, reason: 'unknown-order' },
    {
      type: 'fill',
      tradeId: 901,
      price: 640001,
      qty: 100,
      takerSide: 'sell',
      makerOrderId: '11',
      takerOrderId: '12',
      makerOwner: 'u1',
      takerOwner: 'system:market-maker',
      makerRemaining: 0,
      takerRemaining: null,
      trade,
    },
    { type: 'cancelled', orderId: '14', owner: 'u2', reason: 'self-trade', remainingQty: 5 },
    { type: 'triggered', orderId: '15', owner: 'u2', stopPrice: 630000, lastPrice: 629999, seq: 8 },
    { type: 'done', orderId: '11', owner: 'u1', status: 'filled', filledQty: 100, remainingQty: 0, budgetLeft: null },
  ],
  orders: [
    {
      id: '11',
      userId: 'u1',
      coin: { pair_id: 1, name: 'Bitcoin', symbol: 'BTC' },
      createdAt: new Date('2025-06-15T14:13:20.456Z'),
      side: 'buy',
      execType: 'limit',
      price: '64000.10',
      stopPrice: null,
      amount: '0.00100',
      filled: new Dec('0.001'),
      filledQuote: new Dec('64.0001'),
      // Small enough that decimal.js prints it with an exponent.
      fee: new Dec('0.000000064'),
      feeAsset: 'BTC',
      status: 'filled',
      clOrdId: 'c1',
      tag: 't1',
    },
  ],
  fills: [
    {
      userId: 'u1',
      update: {
        order_id: '11',
        trade_id: '901',
        coin_id: 1,
        symbol: 'BTC',
        side: 'buy',
        price: '64000.10',
        amount: '0.00100',
        fee: '0.000000064',
        fee_asset: 'BTC',
        role: 'maker',
        ts: trade.ts,
      },
    },
  ],
};

describe('the venue messages on the wire', () => {
  it('reads back every event, and the decimals and dates of an order, as they were', () => {
    const text = encodeVenueMessage(committed);
    expect(text).toContain('"6.4e-8"');
    const back = decodeVenueMessage(text);
    expect(back).toEqual(committed);
    const order = (back as VenueCommitted).orders[0];
    expect(order?.fee).toBeInstanceOf(Dec);
    expect(order?.fee.eq('0.000000064')).toBe(true);
    expect(order?.createdAt).toBeInstanceOf(Date);
    expect(order?.createdAt.getTime()).toBe(committed.orders[0]?.createdAt.getTime());
  });

  it('reads back a reset', () => {
    const reset: VenueMessage = { type: 'reset', instId: 'ETH-USDT' };
    expect(decodeVenueMessage(encodeVenueMessage(reset))).toEqual(reset);
  });

  it('refuses what it did not write', () => {
    const order = committed.orders[0];
    const variants: unknown[] = [
      { type: 'moved', instId: 'BTC-USDT' },
      { type: 'reset' },
      { ...committed, events: [{ type: 'done', orderId: '11', owner: 'u1', status: 'vanished', filledQty: 1, remainingQty: 0, budgetLeft: null }] },
      { ...committed, orders: [{ ...order, filled: 'lots' }] },
      { ...committed, orders: [{ ...order, createdAt: 'yesterday' }] },
      { ...committed, fills: [{ userId: 'u1', update: { order_id: '11' } }] },
    ];
    for (const v of variants) expect(() => decodeVenueMessage(JSON.stringify(v)), JSON.stringify(v).slice(0, 80)).toThrow();
    expect(() => decodeVenueMessage('{not json')).toThrow();
  });
});
