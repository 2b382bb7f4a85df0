import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotMessages } from '@exchange/contract';
import { startApp, type TestApp } from '../helpers.js';
import { closeChecked, newUser, placeOrder, spot } from './trading-helpers.js';

describe('simultaneous orders of one user on postgres', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('postgres');
  });
  afterAll(() => closeChecked(t));

  it('accepts exactly one of 50 buys that each need the whole balance', async () => {
    const u = await newUser(t.app);
    // 0.1 BTC at 100000 = 10000 USDT, all of the demo grant; far below the market, so it rests.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        placeOrder(t.app, u, { order_type: 'buy', price: i % 2 === 0 ? '50000' : '40000', amount: i % 2 === 0 ? '0.2' : '0.25' }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.json()).toMatchObject({ message: spotMessages.insufficientBalance });
    const bal = await spot(t.app, u.userId);
    expect(bal('USDT').available.toFixed()).toBe('0');
    expect(bal('USDT').locked.toFixed()).toBe('10000');
  });

  it('does not overspend across two markets at once', async () => {
    const u = await newUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        placeOrder(t.app, u, {
          coin_id: i % 2 === 0 ? 1 : 2,
          order_type: 'buy',
          price: i % 2 === 0 ? '50000' : '1000',
          amount: i % 2 === 0 ? '0.1' : '5',
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const bal = await spot(t.app, u.userId);
    expect(bal('USDT').available.toFixed()).toBe('0');
  });
});
