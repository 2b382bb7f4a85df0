import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedLiquidationPrice } from '@exchange/risk';
import { startApp, type TestApp, FEATURE_DB } from '../helpers.js';
import { closeChecked, newUser } from '../trading/trading-helpers.js';
import { driveIndex, fillActions, futuresWallet, openOk, positionOf, toFutures } from './futures-helpers.js';

describe('cross margin and take-profit / stop-loss triggers', () => {
  let t: TestApp;
  const clock = { ms: 0 };
  const drive = (price: string, steps = 2) => driveIndex(t.app, 'BTC', price, clock, steps);
  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    clock.ms = t.app.services.market.now;
    await drive('60000');
  });
  afterAll(() => closeChecked(t));

  it('backs a cross position with the whole futures wallet: it survives a move that liquidates an isolated one, and the wallet pays its loss', async () => {
    await drive('60000');
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const opened = await openOk(t.app, u, { side: 'long', amount: '0.1', leverage: 100, margin_mode: 'cross' });
    const row = await positionOf(t.app, u, opened.future_id);
    const isolated = isolatedLiquidationPrice({ side: 'long', qty: 0.1, entryPrice: Number(row.entry_price), margin: Number(row.margin) });
    const cross = Number(row.liquidation_price);
    expect(row.position_type).toBe('cross');
    // About 1,000 USDT of wallet behind 0.1 BTC: some 9,000 below entry rather than 400.
    expect(cross).toBeLessThan(isolated - 8_000);
    await drive((isolated - 200).toFixed(2));
    expect((await positionOf(t.app, u, opened.future_id)).status).toBe('active');
    await drive((cross - 300).toFixed(2), 1);
    const after = await positionOf(t.app, u, opened.future_id);
    expect(after.status).toBe('liquidated');
    const wallet = await futuresWallet(t.app, u.userId);
    expect(wallet.available.gte(0)).toBe(true);
    expect(wallet.available.lt(1000 - Number(row.margin))).toBe(true);
  });

  it('closes a long at its take-profit and a short at its stop-loss when the mark reaches them', async () => {
    await drive('60000');
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const long = await openOk(t.app, u, { side: 'long', amount: '0.01', leverage: 20, take_profit: '60500', stop_loss: '59000' });
    const short = await openOk(t.app, u, { side: 'short', amount: '0.01', leverage: 20, take_profit: '59000', stop_loss: '60500' });
    await drive('60300');
    expect((await positionOf(t.app, u, long.future_id)).status).toBe('active');
    await drive('60600');
    const tp = await positionOf(t.app, u, long.future_id);
    const sl = await positionOf(t.app, u, short.future_id);
    expect(tp.status).toBe('closed');
    expect(Number(tp.realized_pnl)).toBeGreaterThan(0);
    expect(sl.status).toBe('closed');
    expect(Number(sl.realized_pnl)).toBeLessThan(0);
    expect(await fillActions(t.app, long.future_id)).toEqual(['open', 'close']);
  });
});
