import { describe, expect, it } from 'vitest';
import type { FillUpdate } from '@exchange/contract';
import { Dec } from '../../src/shared/decimal.js';
import type { UserOrderState, VenueCommitted, VenueEvent } from '../../src/venue/events.js';
import { splitByUser } from '../../src/venue/user-parts.js';

const orderOf = (id: string, userId: string): UserOrderState => ({
  id,
  userId,
  coin: { pair_id: 1, name: 'Bitcoin', symbol: 'BTC' },
  createdAt: new Date(0),
  side: 'buy',
  execType: 'limit',
  price: '60000.00',
  stopPrice: null,
  amount: '0.01000',
  filled: new Dec(0),
  filledQuote: new Dec(0),
  fee: new Dec(0),
  feeAsset: 'BTC',
  status: 'pending',
  clOrdId: '',
  tag: '',
});
const fillOf = (orderId: string, userId: string) => ({ userId, update: { order_id: orderId } as FillUpdate });
const cancelled: VenueEvent = { type: 'cancelled', orderId: '1', owner: 'a', reason: 'user', remainingQty: 5 };

const trade = { id: 9, symbol: 'BTC', price: '60000.00', qty: '0.01000', takerSide: 'buy' as const, makerOrderId: '1', takerOrderId: '3', ts: 1 };
const fill: VenueEvent = {
  type: 'fill',
  tradeId: 9,
  price: 6_000_000,
  qty: 1000,
  takerSide: 'buy',
  makerOrderId: '1',
  takerOrderId: '3',
  makerOwner: 'a',
  takerOwner: 'a',
  makerRemaining: 0,
  takerRemaining: 0,
  trade,
};
const accepted: VenueEvent = { type: 'accepted', orderId: '2', owner: 'b', side: 'buy', orderType: 'limit', price: 5_900_000, qty: 1000, budget: null, stopPrice: null, seq: 2 };

describe('a committed batch cut by user', () => {
  it("gives everyone the trades and each user their own orders and fills, in order", () => {
    const batch: VenueCommitted = {
      type: 'committed',
      instId: 'BTC-USDT',
      events: [cancelled, fill, accepted, fill],
      orders: [orderOf('1', 'a'), orderOf('2', 'b'), orderOf('3', 'a')],
      fills: [fillOf('3', 'a'), fillOf('2', 'b'), fillOf('1', 'a')],
    };
    const { shared, users } = splitByUser(batch);
    expect(shared).toEqual({ ...batch, events: [fill, fill], orders: [], fills: [] });
    expect([...users.keys()]).toEqual(['a', 'b']);
    expect(users.get('a')).toEqual({
      type: 'committed',
      instId: 'BTC-USDT',
      events: [],
      orders: [batch.orders[0], batch.orders[2]],
      fills: [batch.fills[0], batch.fills[2]],
    });
    expect(users.get('b')?.orders.map((o) => o.id)).toEqual(['2']);
    expect(users.get('b')?.fills.map((f) => f.update.order_id)).toEqual(['2']);
  });

  it('has no shared part for a batch without a trade, and no users for one without orders or fills', () => {
    const rows: VenueCommitted = { type: 'committed', instId: 'BTC-USDT', events: [], orders: [orderOf('1', 'a')], fills: [] };
    expect(splitByUser(rows).shared).toBeNull();
    expect(splitByUser({ ...rows, events: [cancelled, accepted] }).shared).toBeNull();
    expect(splitByUser({ ...rows, events: [cancelled, fill], orders: [] }).users.size).toBe(0);
  });
});
