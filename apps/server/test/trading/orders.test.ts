import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_API_KEY,
  cancelOrderResponse,
  orderHistoryResponse,
  placeOrderResponse,
  spotMessages,
} from '@exchange/contract';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, startApp, type DbKind, type TestApp, FEATURE_DB } from '../helpers.js';
import {
  cancelOrder,
  closeChecked,
  fund,
  insideSpread,
  newUser,
  placeOrder,
  spot,
  type TestUser,
} from './trading-helpers.js';

describe.each<DbKind>([FEATURE_DB])('spot orders on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => closeChecked(t));

  it('rests a limit buy below the market, holds its funds and shows it on the book', async () => {
    const a = await newUser(t.app);
    const res = await placeOrder(t.app, a, { order_type: 'buy', price: '90000.01', amount: '0.01' });
    expect(res.statusCode).toBe(200);
    const body = placeOrderResponse.parse(res.json());
    expect(body).toMatchObject({ status: 'pending', filled_amount: '0', message: spotMessages.placed('buy'), average_price: null, total: '0', fee: '0', fee_asset: 'BTC' });
    const bal = await spot(t.app, a.userId);
    expect(bal('USDT').available.toFixed()).toBe('9099.9999');
    expect(bal('USDT').locked.toFixed()).toBe('900.0001');
    const books = await t.app.inject({ method: 'GET', url: '/api/v5/market/books?instId=BTC-USDT&sz=400' });
    const bids = (books.json() as { data: { bids: string[][] }[] }).data[0]?.bids ?? [];
    expect(bids.some(([px, sz]) => px === '90000.01' && Number(sz) === 0.01)).toBe(true);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order-history/${a.uid}?apikey=${DEFAULT_API_KEY}&status=open`,
      headers: bearer(a.token),
    });
    const rows = orderHistoryResponse.parse(history.json());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ order_id: body.order_id, status: 'pending', price: '90000.01', amount: '0.01' });

    const canceled = await cancelOrder(t.app, a, body.order_id);
    expect(canceled.statusCode).toBe(200);
    expect(cancelOrderResponse.parse(canceled.json())).toMatchObject({ status: 'canceled', order_id: body.order_id });
    const after = await spot(t.app, a.userId);
    expect(after('USDT').available.toFixed()).toBe('10000');
    expect(after('USDT').locked.toFixed()).toBe('0');
    const again = await cancelOrder(t.app, a, body.order_id);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: spotMessages.notCancelable });
  });

  it('fills two users against each other with exact fees, partially and then in full', async () => {
    const buyer = await newUser(t.app);
    const seller = await newUser(t.app);
    await fund(t.app, seller.userId, 'BTC', '1');
    const feesBefore = await spot(t.app, 'system:fees');
    const price = insideSpread(t.app);
    const p = new Dec(price);

    const bid = placeOrderResponse.parse(
      (await placeOrder(t.app, buyer, { order_type: 'buy', price, amount: '0.01' })).json(),
    );
    expect(bid.status).toBe('pending');
    const sell1 = placeOrderResponse.parse(
      (await placeOrder(t.app, seller, { order_type: 'sell', price, amount: '0.004' })).json(),
    );
    // Issue 40: the answer says what filled at once, at what average price and for what fee.
    expect(sell1).toMatchObject({
      status: 'filled',
      filled_amount: '0.004',
      average_price: p.toFixed(),
      total: p.mul('0.004').toFixed(),
      fee: p.mul('0.004').mul('0.001').toFixed(),
      fee_asset: 'USDT',
    });

    let b = await spot(t.app, buyer.userId);
    let s = await spot(t.app, seller.userId);
    expect(b('BTC').available.toFixed()).toBe('0.003996');
    expect(b('USDT').locked.toFixed()).toBe(p.mul('0.006').toFixed());
    expect(b('USDT').available.toFixed()).toBe(new Dec(10000).minus(p.mul('0.01')).toFixed());
    expect(s('BTC').available.toFixed()).toBe('0.996');
    expect(s('BTC').locked.toFixed()).toBe('0');
    expect(s('USDT').available.toFixed()).toBe(new Dec(10000).plus(p.mul('0.004').mul('0.999')).toFixed());

    const sell2 = placeOrderResponse.parse(
      (await placeOrder(t.app, seller, { order_type: 'sell', price, amount: '0.01' })).json(),
    );
    expect(sell2).toMatchObject({ status: 'partially filled', filled_amount: '0.006' });
    b = await spot(t.app, buyer.userId);
    s = await spot(t.app, seller.userId);
    expect(b('BTC').available.toFixed()).toBe('0.00999');
    expect(b('USDT').locked.toFixed()).toBe('0');
    expect(b('USDT').available.toFixed()).toBe(new Dec(10000).minus(p.mul('0.01')).toFixed());
    expect(s('BTC').locked.toFixed()).toBe('0.004');
    expect(s('BTC').available.toFixed()).toBe('0.986');

    const feesAfter = await spot(t.app, 'system:fees');
    expect(feesAfter('BTC').available.minus(feesBefore('BTC').available).toFixed()).toBe('0.00001');
    expect(feesAfter('USDT').available.minus(feesBefore('USDT').available).toFixed()).toBe(
      p.mul('0.01').mul('0.001').toFixed(),
    );

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order-history/${buyer.uid}?apikey=${DEFAULT_API_KEY}`,
      headers: bearer(buyer.token),
    });
    expect(orderHistoryResponse.parse(history.json())[0]).toMatchObject({
      order_id: bid.order_id,
      status: 'filled',
      filled_amount: '0.01',
      fee: '0.00001',
      fee_asset: 'BTC',
      average_price: p.toFixed(),
    });

    const canceled = await cancelOrder(t.app, seller, sell2.order_id);
    expect(canceled.statusCode).toBe(200);
    s = await spot(t.app, seller.userId);
    expect(s('BTC').locked.toFixed()).toBe('0');
    expect(s('BTC').available.toFixed()).toBe('0.99');
  });

  it('bounds a market buy by the USDT balance', async () => {
    const c = await newUser(t.app);
    const res = await placeOrder(t.app, c, { order_type: 'buy', excecution_type: 'market', amount: '1' });
    expect(res.statusCode).toBe(200);
    const body = placeOrderResponse.parse(res.json());
    expect(body.status).toBe('filled');
    const bal = await spot(t.app, c.userId);
    expect(bal('USDT').locked.toFixed()).toBe('0');
    expect(bal('USDT').available.gte(0)).toBe(true);
    expect(bal('USDT').available.lt(200)).toBe(true);
    expect(bal('BTC').available.gt('0.09')).toBe(true);

    const d = await newUser(t.app);
    const budget = await placeOrder(t.app, d, {
      order_type: 'buy',
      excecution_type: 'market',
      amount: '1',
      total_in_usdt: '20000',
    });
    expect(budget.statusCode).toBe(200);
    const dBal = await spot(t.app, d.userId);
    expect(dBal('USDT').locked.toFixed()).toBe('0');
    expect(dBal('USDT').available.gte(0)).toBe(true);
    expect(dBal('USDT').available.lt(200)).toBe(true);

    const none = await placeOrder(t.app, d, { order_type: 'buy', excecution_type: 'market', amount: '1' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: spotMessages.insufficientBalance });
  });

  it('refuses an order it cannot fund and writes nothing', async () => {
    const u = await newUser(t.app);
    const res = await placeOrder(t.app, u, { order_type: 'buy', price: '90000', amount: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: spotMessages.insufficientBalance });
    const sell = await placeOrder(t.app, u, { order_type: 'sell', price: '200000', amount: '0.001' });
    expect(sell.statusCode).toBe(400);
    const orders = await t.app.services.db.query('SELECT 1 FROM spot_orders WHERE user_id = $1', [u.userId]);
    const holds = await t.app.services.db.query(
      `SELECT 1 FROM holds h JOIN ledger_accounts a ON a.id = h.account_id WHERE a.owner = $1`,
      [u.userId],
    );
    expect(orders.rows).toHaveLength(0);
    expect(holds.rows).toHaveLength(0);
    const bal = await spot(t.app, u.userId);
    expect(bal('USDT').available.toFixed()).toBe('10000');
  });

  it('refuses a crossing post-only order and rests a stop-limit with its hold', async () => {
    const u = await newUser(t.app);
    const m = t.app.services.venues.get('BTC-USDT');
    const ask = m?.prices.format(m.bestAsk() ?? 0) ?? '0';
    const post = await placeOrder(t.app, u, { order_type: 'buy', price: ask, amount: '0.001', time_in_force: 'POST_ONLY' });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject({ message: spotMessages.postOnlyWouldCross });
    expect((await spot(t.app, u.userId))('USDT').locked.toFixed()).toBe('0');

    const stop = await placeOrder(t.app, u, {
      order_type: 'buy',
      excecution_type: 'stop-limit',
      stop_price: '150000',
      price: '150000',
      amount: '0.01',
    });
    expect(stop.statusCode).toBe(200);
    const body = placeOrderResponse.parse(stop.json());
    expect(body.status).toBe('pending');
    expect((await spot(t.app, u.userId))('USDT').locked.toFixed()).toBe('1500');
    expect(m?.getOrder(body.order_id)).toMatchObject({ state: 'stop' });
    expect((await cancelOrder(t.app, u, body.order_id)).statusCode).toBe(200);
    expect((await spot(t.app, u.userId))('USDT').locked.toFixed()).toBe('0');
  });

  it('checks the price tick, the amount lot and the coin', async () => {
    const u = await newUser(t.app);
    const tick = await placeOrder(t.app, u, { order_type: 'buy', price: '90000.001', amount: '0.01' });
    expect(tick.statusCode).toBe(400);
    expect(tick.json()).toMatchObject({ message: spotMessages.priceTick('0.01'), message_code: 'order.priceTick', params: { tick: '0.01' } });
    const lot = await placeOrder(t.app, u, { order_type: 'buy', price: '90000', amount: '0.000001' });
    expect(lot.statusCode).toBe(400);
    expect(lot.json()).toMatchObject({ message: spotMessages.amountLot('0.00001'), message_code: 'order.amountLot', params: { lot: '0.00001' } });
    const coin = await placeOrder(t.app, u, { coin_id: 99_999, order_type: 'buy', price: '1', amount: '1' });
    expect(coin.statusCode).toBe(400);
    expect(coin.json()).toMatchObject({ message: spotMessages.unknownCoin });
  });

  it("keeps users out of each other's orders", async () => {
    const a = await newUser(t.app);
    const b: TestUser = await newUser(t.app);
    const placed = placeOrderResponse.parse(
      (await placeOrder(t.app, a, { order_type: 'buy', price: '80000', amount: '0.001' })).json(),
    );
    const foreign = await cancelOrder(t.app, b, placed.order_id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: spotMessages.orderNotFound });
    const missing = await cancelOrder(t.app, b, '999999999');
    expect(missing.statusCode).toBe(404);
    const asOther = await placeOrder(t.app, b, { uid: a.uid, order_type: 'buy', price: '80000', amount: '0.001' });
    expect(asOther.statusCode).toBe(403);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order-history/${a.uid}?apikey=${DEFAULT_API_KEY}`,
      headers: bearer(b.token),
    });
    expect(history.statusCode).toBe(403);
    const unauth = await t.app.inject({ method: 'POST', url: `/api/v1/orders?apikey=${DEFAULT_API_KEY}&uid=1&coin_id=1&order_type=buy&amount=1&price=1` });
    expect(unauth.statusCode).toBe(401);
  });

  it('answers a retried request with the same Idempotency-Key once', async () => {
    const u = await newUser(t.app);
    const params = { order_type: 'buy' as const, price: '70000', amount: '0.001' };
    const [first, second] = await Promise.all([
      placeOrder(t.app, u, params, { 'idempotency-key': 'order-1' }),
      placeOrder(t.app, u, params, { 'idempotency-key': 'order-1' }),
    ]);
    const third = await placeOrder(t.app, u, params, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(third.json()).toEqual(first.json());
    expect(third.headers['idempotent-replayed']).toBe('true');
    const rows = await t.app.services.db.query('SELECT 1 FROM spot_orders WHERE user_id = $1', [u.userId]);
    expect(rows.rows).toHaveLength(1);
    const other = await placeOrder(t.app, u, { ...params, amount: '0.002' }, { 'idempotency-key': 'order-1' });
    expect(other.statusCode).toBe(422);
  });

  it('settles user orders that the market flow takes, and feeds the public trades', async () => {
    const u = await newUser(t.app);
    await fund(t.app, u.userId, 'BTC', '0.5');
    const price = insideSpread(t.app);
    const placed = placeOrderResponse.parse(
      (await placeOrder(t.app, u, { order_type: 'sell', price, amount: '0.5' })).json(),
    );
    const m = t.app.services.venues.get('BTC-USDT');
    const tradesBefore = t.app.services.market.tickers.stats('BTC', t.app.services.market.now)?.last;
    expect(await t.app.services.simulation.forceTrade('BTC-USDT', 'buy')).toBe(true);
    expect(m?.lastPrice).toBe(m?.prices.ticksOf(price));
    await t.app.services.spot.idle();
    const bal = await spot(t.app, u.userId);
    const sold = new Dec('0.5').minus(bal('BTC').locked);
    expect(sold.gt(0)).toBe(true);
    expect(bal('USDT').available.toFixed()).toBe(new Dec(10000).plus(sold.mul(price).mul('0.999')).toFixed());
    expect(t.app.services.market.tickers.stats('BTC', t.app.services.market.now)?.last).toBe(price);
    expect(tradesBefore).toBeDefined();
    const cancel = await cancelOrder(t.app, u, placed.order_id);
    expect([200, 400]).toContain(cancel.statusCode);
  });
});
