import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futuresMessages } from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { bearer, startApp, type DbKind, type TestApp } from '../helpers.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';
import { contract, driveIndex, openOk, openUrl, orderRow, toFutures, userPositionList } from './futures-helpers.js';

interface CloseParams {
  side: 'long' | 'short';
  amount: string;
  entry_price?: string;
  take_profit?: string;
  stop_loss?: string;
}

/** A reduce-only order (POST /futures with position_action=close), with a take-profit and stop-loss attached. */
function closeOrder(t: TestApp, u: TestUser, p: CloseParams) {
  const url = openUrl(u, { ...p, order_type: p.entry_price ? 'limit' : 'market' });
  return t.app.inject({ method: 'POST', url: `${url}&position_action=close`, headers: bearer(u.token) });
}

async function openPosition(t: TestApp, u: TestUser) {
  return (await userPositionList(t.app, u, 'open'))[0];
}

describe.each<DbKind>(['pglite', 'postgres'])('take-profit and stop-loss attached to a close order on %s', (kind) => {
  let t: TestApp;
  const clock = { ms: 0 };
  beforeAll(async () => {
    t = await startApp(kind);
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  }, 180_000);
  afterAll(() => closeChecked(t));

  it('sets them on what a partial close leaves open; the stop-loss then closes the rest', async () => {
    await driveIndex(t.app, 'BTC', '60000', clock);
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const opened = await openOk(t.app, u, { side: 'long', amount: '0.004', leverage: 20 });
    const bid = Number((await contract(t.app)).mark_price) * 0.98;
    const half = await closeOrder(t, u, { side: 'long', amount: '0.002', entry_price: bid.toFixed(1), take_profit: '66000', stop_loss: '58000' });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json()).toMatchObject({ position_id: opened.position_id, filled_amount: '0.002', message: futuresMessages.partlyClosed });
    expect(await openPosition(t, u)).toMatchObject({ amount: '0.002', take_profit: '66000', stop_loss: '58000', trigger_by: 'mark' });
    // The order's row keeps what it attached.
    expect(await orderRow(t.app, u, (half.json() as { future_id: string }).future_id)).toMatchObject({ reduce_only: true, take_profit: '66000', stop_loss: '58000' });
    await driveIndex(t.app, 'BTC', '57500', clock);
    expect(await userPositionList(t.app, u, 'open')).toEqual([]);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('refuses a take-profit or stop-loss on the wrong side of the position’s entry with the contract’s messages, placing nothing', async () => {
    await driveIndex(t.app, 'BTC', '60000', clock);
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    await openOk(t.app, u, { side: 'long', amount: '0.003', leverage: 20 });
    await openOk(t.app, u, { side: 'short', amount: '0.003', leverage: 20 });
    const refusals: [CloseParams, string][] = [
      [{ side: 'long', amount: '0.001', take_profit: '55000' }, futuresMessages.takeProfitSide],
      [{ side: 'long', amount: '0.001', stop_loss: '65000' }, futuresMessages.stopLossSide],
      [{ side: 'short', amount: '0.001', take_profit: '65000' }, futuresMessages.takeProfitSide],
      [{ side: 'short', amount: '0.001', stop_loss: '55000' }, futuresMessages.stopLossSide],
      // A limit close far from the market: the limit price is not what they are checked against, the entry is.
      [{ side: 'long', amount: '0.001', entry_price: '90000', take_profit: '55000' }, futuresMessages.takeProfitSide],
    ];
    for (const [params, message] of refusals) {
      const res = await closeOrder(t, u, params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect((res.json() as { message: string }).message).toBe(message);
    }
    const open = await userPositionList(t.app, u, 'open');
    expect(open.map((p) => [p.side, p.amount, p.closing_amount, p.take_profit, p.stop_loss]).sort()).toEqual([
      ['long', '0.003', '0', null, null],
      ['short', '0.003', '0', null, null],
    ]);
  });

  it('a resting close order sets nothing until it fills; one that closes the whole position leaves nothing to set', async () => {
    await driveIndex(t.app, 'BTC', '60000', clock);
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    await openOk(t.app, u, { side: 'short', amount: '0.004', leverage: 20 });
    const resting = await closeOrder(t, u, { side: 'short', amount: '0.001', entry_price: '30000', take_profit: '50000', stop_loss: '70000' });
    expect(resting.statusCode, resting.body).toBe(200);
    expect(resting.json()).toMatchObject({ status: 'pending', filled_amount: '0' });
    expect(await openPosition(t, u)).toMatchObject({ closing_amount: '0.001', take_profit: null, stop_loss: null });
    const rest = await closeOrder(t, u, { side: 'short', amount: '0.003', take_profit: '50000', stop_loss: '70000' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await openPosition(t, u)).toMatchObject({ amount: '0.001', take_profit: '50000', stop_loss: '70000' });
    const whole = await newUser(t.app);
    await toFutures(t.app, whole, '1000');
    await openOk(t.app, whole, { side: 'long', amount: '0.002', leverage: 20 });
    const all = await closeOrder(t, whole, { side: 'long', amount: '0.002', take_profit: '70000' });
    expect(all.statusCode, all.body).toBe(200);
    expect((await userPositionList(t.app, whole, 'all')).map((p) => [p.status, p.take_profit])).toEqual([['closed', null]]);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
