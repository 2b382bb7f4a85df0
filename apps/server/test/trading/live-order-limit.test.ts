import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountLimitMessages, MAX_LIVE_ORDERS_PER_MARKET } from '@exchange/contract';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser, placeOrder } from './trading-helpers.js';

describe('issue 14 #9: the live orders one account may leave on a market', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
  });
  afterAll(() => closeChecked(t));

  it(`takes ${MAX_LIVE_ORDERS_PER_MARKET} resting orders, refuses the next one that would rest, and still takes an order that cannot rest`, async () => {
    const u = await newUser(t.app);
    // Far below the market, so each order rests: the lot at 1 USDT holds a hundred-thousandth of a USDT.
    const resting = { order_type: 'buy' as const, excecution_type: 'limit' as const, price: '1', amount: '0.00001' };
    for (let placed = 0; placed < MAX_LIVE_ORDERS_PER_MARKET; placed += 50) {
      const batch = await Promise.all(Array.from({ length: Math.min(50, MAX_LIVE_ORDERS_PER_MARKET - placed) }, () => placeOrder(t.app, u, resting)));
      for (const res of batch) expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await placeOrder(t.app, u, resting);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ORDERS', message: amountLimitMessages.tooManyOrders(MAX_LIVE_ORDERS_PER_MARKET) });
    const ioc = await placeOrder(t.app, u, { ...resting, time_in_force: 'IOC' });
    expect(ioc.statusCode, ioc.body).toBe(200);
    // Another market keeps its own count.
    expect((await placeOrder(t.app, u, { ...resting, coin_id: 2, price: '1', amount: '0.0001' })).statusCode).toBe(200);
  });
});
