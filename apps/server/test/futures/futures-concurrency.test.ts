import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futuresMessages } from '@exchange/contract';
import { startApp, type TestApp } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { closePosition, driveIndex, futuresWallet, openOk, openPosition, positions, toFutures } from './futures-helpers.js';

describe('simultaneous futures requests of one user on postgres', () => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp('postgres');
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  });
  afterAll(() => closeChecked(t));

  it('accepts exactly one of 50 orders that each need the whole futures wallet as margin', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    // 0.495 BTC at 40,000 at 20x: 990 margin and 9.90 fee, far below the market so each rests.
    const results = await Promise.all(
      Array.from({ length: 50 }, () => openPosition(t.app, u, { side: 'long', order_type: 'limit', entry_price: '40000', amount: '0.495', leverage: 20 })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect((r.json() as { message: string }).message).toBe(futuresMessages.insufficientMargin('999.90', '0.10'));
    const wallet = await futuresWallet(t.app, u.userId);
    expect(wallet.available.toFixed()).toBe('0.1');
    expect(wallet.locked.toFixed()).toBe('999.9');
    expect(await positions(t.app, u)).toHaveLength(1);
  });

  it('closes a position once when ten closes of it arrive together', async () => {
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const opened = await openOk(t.app, u, { side: 'short', amount: '0.01', leverage: 10 });
    const results = await Promise.all(Array.from({ length: 10 }, () => closePosition(t.app, u, opened.future_id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const wallet = await futuresWallet(t.app, u.userId);
    expect(wallet.locked.toFixed()).toBe('0');
  });
});
