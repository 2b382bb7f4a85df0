import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAccountActionResponse, AuditResponse, OkxAlgoOrder, UserNotification } from '@exchange/contract';
import { manualClock, startApp, type DbKind, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { driveIndex, futuresWallet, openOk, orderRow, toFutures } from '../futures/futures-helpers.js';
import { listOf } from '../notifications/notification-helpers.js';
import { lastPrice, okxCalls } from '../trading-api/okx-test-calls.js';
import { closeChecked, fund, lockedMatchesHolds, newUser, placeOrder, spot, type TestUser } from '../trading/trading-helpers.js';
import { admin, makeOperator, type TestOperator } from './console-helpers.js';

describe.each<DbKind>(['pglite', 'postgres'])('freezing an account cancels its orders on %s', (kind) => {
  const market = { ms: 0 };
  let t: TestApp;
  let support: TestOperator;
  let chief: TestOperator;
  let user: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    t = await startApp(kind);
    market.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', market);
    // The server's own clock is the wall's: the codes are made at the time they are checked.
    const clock = manualClock();
    support = await makeOperator(t.app, clock, ['support'], 'support');
    chief = await makeOperator(t.app, clock, ['admin'], 'chief');
    user = await newUser(t.app);
    bystander = await newUser(t.app);
    for (const u of [user, bystander]) {
      await fund(t.app, u.userId, 'USDT', '10000');
      await fund(t.app, u.userId, 'BTC', '1');
      await toFutures(t.app, u, '1000');
    }
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  const algoState = async (algoId: string) =>
    (await t.app.services.db.query<{ state: string }>('SELECT state FROM okx_algo_orders WHERE algo_id = $1', [algoId])).rows[0]?.state;

  async function restingOrders(u: TestUser) {
    const spotOrder = await placeOrder(t.app, u, { order_type: 'buy', excecution_type: 'limit', price: '1000', amount: '0.01' });
    expect(spotOrder.statusCode, spotOrder.body).toBe(200);
    const futures = await openOk(t.app, u, { side: 'long', amount: '0.01', order_type: 'limit', entry_price: '50000' });
    const okx = okxCalls(t.app, await createKey(t.app, u, { label: 'algo', permissions: ['read', 'trade'] }));
    const px = (Math.round(lastPrice(t.app) * 0.5 * 100) / 100).toFixed(2);
    const algo = await okx.post('/api/v5/trade/order-algo', { instId: 'BTC-USDT', tdMode: 'cash', side: 'sell', ordType: 'conditional', sz: '0.01', slTriggerPx: px, slOrdPx: '-1' });
    expect(algo.data[0]?.sCode, JSON.stringify(algo)).toBe('0');
    return { futuresId: futures.future_id, algoId: String(algo.data[0]?.algoId) };
  }

  it('cancels the open spot, futures and algo orders in the freeze, releases their holds, audits them and tells the user why', async () => {
    const mine = await restingOrders(user);
    const theirs = await restingOrders(bystander);
    expect((await orderRow(t.app, user, mine.futuresId)).status).toBe('pending');
    expect((await spot(t.app, user.userId))('USDT').locked.gt(0)).toBe(true);
    expect((await futuresWallet(t.app, user.userId)).locked.gt(0)).toBe(true);

    const pushed: { notifications: UserNotification[]; algos: OkxAlgoOrder[] } = { notifications: [], algos: [] };
    const stops = [
      t.app.services.notificationEvents.shared.subscribe((id, row) => id === user.userId && pushed.notifications.push(row())),
      t.app.services.okxAlgoEvents.shared.subscribe((id, row) => id === user.userId && pushed.algos.push(row())),
    ];
    const res = await admin(t.app, support.token, 'POST', `/users/${user.userId}/freeze`, { reason: 'ticket 31: key leaked' });
    stops.forEach((stop) => stop());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminAccountActionResponse).message).toBe('Account frozen: 3 open orders cancelled');

    expect((await spot(t.app, user.userId))('USDT').locked.toFixed()).toBe('0');
    expect((await futuresWallet(t.app, user.userId)).locked.toFixed()).toBe('0');
    expect((await orderRow(t.app, user, mine.futuresId)).status).toBe('canceled');
    expect(await algoState(mine.algoId)).toBe('canceled');
    expect(pushed.algos).toEqual([expect.objectContaining({ algoId: mine.algoId, state: 'canceled' })]);
    expect(pushed.notifications).toEqual([expect.objectContaining({ code: 'trading_frozen', params: { orders: '3' } })]);
    expect((await listOf(t.app, user)).items.filter((n) => n.code === 'trading_frozen')).toHaveLength(1);

    const log = (await admin(t.app, chief.token, 'GET', `/audit?target=${user.userId}`)).json() as AuditResponse;
    const after = log.items.find((r) => r.action === 'orders.cancel-frozen');
    expect(after).toMatchObject({ operator: support.email, reason: 'ticket 31: key leaked', after: { cancelled_orders: { futures: [mine.futuresId], algo: [mine.algoId] } } });
    expect((after?.after as { cancelled_orders: { spot: string[] } }).cancelled_orders.spot).toHaveLength(1);

    // Another user's orders stay where they were.
    expect((await spot(t.app, bystander.userId))('USDT').locked.gt(0)).toBe(true);
    expect((await orderRow(t.app, bystander, theirs.futuresId)).status).toBe('pending');
    expect(await algoState(theirs.algoId)).toBe('live');
    expect(await lockedMatchesHolds(t.app)).toBe(true);
  });
});
