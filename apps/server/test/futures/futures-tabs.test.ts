import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_API_KEY,
  futuresCancelResponse,
  futuresFundingHistoryResponse,
  futuresOpenOrdersResponse,
  futuresPositionHistoryResponse,
  type FuturesOpenOrder,
} from '@exchange/contract';
import { checkLedger } from '../../src/products.js';
import { Dec } from '../../src/shared/decimal.js';
import { bearer, FEATURE_DB, startApp, type TestApp } from '../helpers.js';
import { closeChecked, newUser, type TestUser } from '../trading/trading-helpers.js';
import { WsClient, type WsMessage } from '../ws-client.js';
import { closeOk, contract, driveIndex, futuresWallet, openOk, openUrl, stepMarket, toFutures, userPositionList } from './futures-helpers.js';

const ordersPush = (m: WsMessage) => typeof m === 'object' && 'data' in m && (m.arg as { channel: string }).channel === 'futures-orders';
const orderOf = (m: WsMessage) => ((m as { data: FuturesOpenOrder[] }).data[0] ?? {}) as FuturesOpenOrder;

describe('futures tabs: open orders, cancels, position and funding history', () => {
  let t: TestApp;
  let base: string;
  const clock = { ms: 0 };
  const clients: WsClient[] = [];

  const call = (u: TestUser, method: 'GET' | 'DELETE', path: string) =>
    t.app.inject({ method, url: `/api/v1${path}${path.includes('?') ? '&' : '?'}apikey=${DEFAULT_API_KEY}`, headers: bearer(u.token) });
  const openOrders = async (u: TestUser, query = '') => {
    const res = await call(u, 'GET', `/futures/orders/open${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return futuresOpenOrdersResponse.parse(res.json());
  };
  const cancel = async (u: TestUser, path: string) => {
    const res = await call(u, 'DELETE', path);
    expect(res.statusCode, res.body).toBe(200);
    return futuresCancelResponse.parse(res.json());
  };
  /** A resting order: an opening limit far below the market, or a reduce-only close far above it. */
  const rest = async (u: TestUser, p: { price: string; amount: string; close?: boolean; symbol?: string }) => {
    const url = openUrl(u, { side: 'long', amount: p.amount, order_type: 'limit', entry_price: p.price, symbol: p.symbol });
    const res = await t.app.inject({ method: 'POST', url: p.close ? `${url}&position_action=close` : url, headers: bearer(u.token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { future_id: string }).future_id;
  };

  beforeAll(async () => {
    t = await startApp(FEATURE_DB);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    clock.ms = t.app.services.market.now;
    await driveIndex(t.app, 'BTC', '60000', clock);
  }, 180_000);
  afterAll(async () => {
    for (const c of clients) c.close();
    await closeChecked(t);
  });

  it('lists resting orders, cancels one (its hold back in the wallet) and refuses another user’s with 404', async () => {
    const u = await newUser(t.app);
    const other = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const position = await openOk(t.app, u, { side: 'long', amount: '0.01', leverage: 20 });
    const margin = (await futuresWallet(t.app, u.userId)).locked;
    const opening = await rest(u, { price: '30000', amount: '0.01' });
    const closing = await rest(u, { price: '90000', amount: '0.004', close: true });

    const listed = await openOrders(u);
    expect(listed.map((o) => [o.order_id, o.reduce_only, Number(o.price), o.open])).toEqual([
      [closing, true, 90000, true],
      [opening, false, 30000, true],
    ]);
    expect(listed[0]).toMatchObject({ position_id: position.position_id, amount: '0.004', held: '0' });
    const held = new Dec(listed[1]?.held ?? '0');
    expect(held.gt(0)).toBe(true);
    expect((await futuresWallet(t.app, u.userId)).locked.toFixed()).toBe(margin.plus(held).toFixed());
    expect(await openOrders(other)).toEqual([]);

    // Another user's order is as unknown as a missing one, and stays on the book.
    expect((await call(other, 'DELETE', `/futures/orders/${opening}`)).statusCode).toBe(404);
    expect((await call(u, 'DELETE', '/futures/orders/999999999')).statusCode).toBe(404);
    expect((await openOrders(u)).length).toBe(2);

    const before = await futuresWallet(t.app, u.userId);
    expect(await cancel(u, `/futures/orders/${opening}`)).toMatchObject({ success: true, order_ids: [opening] });
    const after = await futuresWallet(t.app, u.userId);
    expect(after.locked.toFixed()).toBe(margin.toFixed());
    expect(after.available.toFixed()).toBe(before.available.plus(held).toFixed());
    expect((await call(u, 'DELETE', `/futures/orders/${opening}`)).statusCode).toBe(409);
    expect((await openOrders(u)).map((o) => o.order_id)).toEqual([closing]);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('cancels all of one contract, then all, and pushes each change on the futures-orders channel to its owner', async () => {
    await driveIndex(t.app, 'ETH', '3000', clock);
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const ws = await WsClient.open(`${base}/ws/private`);
    clients.push(ws);
    ws.send({ op: 'login', args: [{ token: u.token }] });
    await ws.next((m) => typeof m === 'object' && m.event === 'login');
    ws.send({ op: 'subscribe', args: [{ channel: 'futures-orders' }] });
    await ws.next((m) => typeof m === 'object' && m.event === 'subscribe');

    const btc = await rest(u, { price: '30000', amount: '0.01' });
    expect(orderOf(await ws.next(ordersPush))).toMatchObject({ order_id: btc, open: true, status: 'pending' });
    const eth = await rest(u, { price: '1500', amount: '0.1', symbol: 'ETH' });
    expect(orderOf(await ws.next(ordersPush))).toMatchObject({ order_id: eth, inst_id: 'ETH-USDT-SWAP', open: true });
    expect((await futuresWallet(t.app, u.userId)).locked.gt(0)).toBe(true);
    expect((await openOrders(u, '?contract=eth-usdt-swap')).map((o) => o.order_id)).toEqual([eth]);
    expect((await call(u, 'GET', '/futures/orders/open?contract=BTC')).statusCode).toBe(400);

    expect(await cancel(u, '/futures/orders?contract=BTC-USDT-SWAP')).toMatchObject({ order_ids: [btc], message: 'Order canceled' });
    expect(orderOf(await ws.next(ordersPush))).toMatchObject({ order_id: btc, open: false, status: 'canceled' });
    expect((await openOrders(u)).map((o) => o.order_id)).toEqual([eth]);
    expect((await cancel(u, '/futures/orders')).order_ids).toEqual([eth]);
    expect(orderOf(await ws.next(ordersPush))).toMatchObject({ order_id: eth, open: false });
    expect((await cancel(u, '/futures/orders')).order_ids).toEqual([]);

    const wallet = await futuresWallet(t.app, u.userId);
    expect(wallet.locked.toFixed()).toBe('0');
    expect(wallet.available.toFixed()).toBe('1000');
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });

  it('shows closed positions with entry, exit and realised profit equal to what the ledger booked, a page at a time', async () => {
    await driveIndex(t.app, 'BTC', '60000', clock);
    const u = await newUser(t.app);
    await toFutures(t.app, u, '1000');
    const first = await openOk(t.app, u, { side: 'long', amount: '0.01', leverage: 20 });
    await closeOk(t.app, u, first.position_id as string);
    const second = await openOk(t.app, u, { side: 'short', amount: '0.005', leverage: 10 });
    await driveIndex(t.app, 'BTC', '59500', clock);
    await closeOk(t.app, u, second.position_id as string);

    const res = await call(u, 'GET', '/futures/positions/history?limit=1');
    expect(res.statusCode, res.body).toBe(200);
    const page1 = futuresPositionHistoryResponse.parse(res.json());
    expect(page1.positions.map((p) => p.position_id)).toEqual([second.position_id]);
    expect(page1.next_before).toBe(second.position_id);
    const page2 = futuresPositionHistoryResponse.parse((await call(u, 'GET', `/futures/positions/history?limit=1&before=${page1.next_before}`)).json());
    expect(page2.positions.map((p) => p.position_id)).toEqual([first.position_id]);
    expect(page2.next_before).toBeNull();
    expect((await call(u, 'GET', '/futures/positions/history?limit=101')).statusCode).toBe(400);

    const rows = [...page1.positions, ...page2.positions];
    const listed = await userPositionList(t.app, u, 'closed');
    for (const row of rows) {
      const p = listed.find((x) => x.position_id === row.position_id);
      expect(row).toMatchObject({ realized_pnl: p?.realized_pnl, fee: p?.fee, funding: p?.funding, exit_price: p?.close_price, status: 'closed' });
      expect(row.entry_price).not.toBeNull();
      // Each figure is rounded to 8 places apart; the net is the exact result rounded once.
      expect(new Dec(row.net_pnl).minus(row.realized_pnl).plus(row.fee).plus(row.funding).abs().lte('0.00000002')).toBe(true);
    }
    expect(rows.map((r) => r.size)).toEqual(['0.005', '0.01']);
    // The ledger's word: the wallet moved by the positions' net results (each exact, rounded to 8 places).
    const wallet = await futuresWallet(t.app, u.userId);
    const net = rows.reduce((s, r) => s.plus(r.net_pnl), new Dec(0));
    expect(wallet.available.minus(1000).minus(net).abs().lte(new Dec('0.00000001').mul(rows.length))).toBe(true);
    expect(wallet.locked.toFixed()).toBe('0');
  });

  it('records each position’s funding payment at a funding time, paid by one side and received by the other', async () => {
    await driveIndex(t.app, 'BTC', '60000', clock);
    const l = await newUser(t.app);
    const s = await newUser(t.app);
    await toFutures(t.app, l, '1000');
    await toFutures(t.app, s, '1000');
    const long = await openOk(t.app, l, { side: 'long', amount: '0.1', leverage: 20 });
    const short = await openOk(t.app, s, { side: 'short', amount: '0.1', leverage: 20 });
    const fundingTime = (await contract(t.app)).next_funding_time;
    clock.ms = fundingTime + 1_000;
    await stepMarket(t.app, clock.ms);

    for (const [u, id] of [
      [l, long.position_id],
      [s, short.position_id],
    ] as const) {
      const res = await call(u, 'GET', '/futures/funding-history');
      expect(res.statusCode, res.body).toBe(200);
      const { payments, next_before } = futuresFundingHistoryResponse.parse(res.json());
      expect(next_before).toBeNull();
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ position_id: id, funding_time: fundingTime, inst_id: 'BTC-USDT-SWAP', size: '0.1' });
      const position = (await userPositionList(t.app, u, 'open')).find((p) => p.position_id === id);
      // The position keeps funding paid as positive; a payment row says received as positive.
      expect(new Dec(payments[0]?.amount ?? '0').neg().toFixed()).toBe(new Dec(position?.funding ?? '1').toFixed());
    }
    const paid = futuresFundingHistoryResponse.parse((await call(l, 'GET', '/futures/funding-history')).json()).payments[0];
    expect(Number(paid?.amount)).toBeLessThan(0);
    expect((await call(l, 'GET', '/futures/funding-history?before=x')).statusCode).toBe(400);
    expect(await checkLedger(t.app.services.db)).toEqual([]);
  });
});
