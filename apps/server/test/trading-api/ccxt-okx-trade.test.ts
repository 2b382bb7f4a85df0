import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import type { TestApp } from '../helpers.js';
import { closeChecked } from '../trading/trading-helpers.js';
import { idOf, keyWithCoins, okxClient, startForCcxt } from './ccxt-helpers.js';

const SYMBOL = 'BTC/USDT';

/**
 * The real ccxt 4.5.84 `okx` class, signed with a key made through /api/v1/api-keys, trading spot
 * against the running server with only its URLs changed.
 */
describe('ccxt okx trades spot with a signed key', () => {
  let t: TestApp;
  let base: string;
  let markets: Exchange['markets'];
  let trader: Exchange;
  let reader: Exchange;
  let stranger: Exchange;

  /** A client of this key; the markets come from a key-less client, whose loadMarkets asks no private call. */
  function client(key: ApiKeyCreateResponse): Exchange {
    return okxClient(base, key, { markets });
  }

  const keyOf = (tag: string, permissions: string[], coins: Record<string, string>) => keyWithCoins(t, tag, permissions, coins);

  beforeAll(async () => {
    ({ t, base, markets } = await startForCcxt());
    trader = client(await keyOf('okx-trader', ['read', 'trade'], { USDT: '100000', BTC: '0.05' }));
    reader = client(await keyOf('okx-reader', ['read'], { USDT: '1000' }));
    stranger = client(await keyOf('okx-stranger', ['read', 'trade'], { USDT: '100000' }));
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  /** A buy price well under the book, so the order rests. */
  async function restingBuyPrice(): Promise<number> {
    const ticker = await trader.fetchTicker(SYMBOL);
    return Number(trader.priceToPrecision(SYMBOL, (ticker.bid ?? 0) * 0.8));
  }

  it('places a limit buy, lists it open, reads it and cancels it', async () => {
    const price = await restingBuyPrice();
    const placed = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.01, price);
    expect(placed.id).toMatch(/^\d+$/);

    const open = await trader.fetchOpenOrders(SYMBOL);
    expect(open.map((o) => o.id)).toContain(placed.id);

    const read = await trader.fetchOrder(idOf(placed), SYMBOL);
    expect(read).toMatchObject({ id: placed.id, symbol: SYMBOL, type: 'limit', side: 'buy', status: 'open', price, amount: 0.01, filled: 0 });

    const canceled = await trader.cancelOrder(idOf(placed), SYMBOL);
    expect(canceled.id).toBe(placed.id);
    expect((await trader.fetchOrder(idOf(placed), SYMBOL)).status).toBe('canceled');
    expect((await trader.fetchOpenOrders(SYMBOL)).map((o) => o.id)).not.toContain(placed.id);
  });

  it('keeps the client order id: reads and cancels by it, refuses it twice', async () => {
    const price = await restingBuyPrice();
    const placed = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.01, price, { clOrdId: 'mybot0001' });
    expect(placed.clientOrderId).toBe('mybot0001');
    const read = await trader.fetchOrder('', SYMBOL, { clOrdId: 'mybot0001' });
    expect(read).toMatchObject({ id: placed.id, clientOrderId: 'mybot0001' });
    await expect(trader.createOrder(SYMBOL, 'limit', 'buy', 0.01, price, { clOrdId: 'mybot0001' })).rejects.toThrow(ccxt.InvalidOrder);
    await trader.cancelOrder('', SYMBOL, { clOrdId: 'mybot0001' });
    expect((await trader.fetchOrder(idOf(placed), SYMBOL)).status).toBe('canceled');
  });

  it('fills market orders, and lists their trades and the ended orders', async () => {
    const sold = await trader.createOrder(SYMBOL, 'market', 'sell', 0.01);
    const bought = await trader.createOrder(SYMBOL, 'market', 'buy', 0.01);
    for (const id of [idOf(sold), idOf(bought)]) {
      const order = await trader.fetchOrder(id, SYMBOL);
      expect(order).toMatchObject({ id, status: 'closed', type: 'market', filled: 0.01, remaining: 0 });
      expect(order.average).toBeGreaterThan(0);
    }

    const trades = await trader.fetchMyTrades(SYMBOL);
    const soldTrades = trades.filter((tr) => tr.order === sold.id);
    expect(soldTrades.length).toBeGreaterThan(0);
    expect(soldTrades.reduce((sum, tr) => sum + (tr.amount ?? 0), 0)).toBeCloseTo(0.01, 10);
    expect(soldTrades[0]).toMatchObject({ symbol: SYMBOL, side: 'sell', takerOrMaker: 'taker' });
    expect(soldTrades[0]?.fee?.cost).toBeGreaterThanOrEqual(0);

    const closed = await trader.fetchClosedOrders(SYMBOL);
    const ids = closed.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([sold.id, bought.id]));
    expect(closed.every((o) => o.status === 'closed' || o.status === 'canceled')).toBe(true);
  });

  it('buys at market for a sum of USDT (createMarketBuyOrderWithCost sends tgtCcy quote_ccy)', async () => {
    const placed = await trader.createMarketBuyOrderWithCost(SYMBOL, 50);
    const order = await trader.fetchOrder(idOf(placed), SYMBOL);
    expect(order).toMatchObject({ id: placed.id, status: 'closed', type: 'market', side: 'buy' });
    expect(order.info).toMatchObject({ tgtCcy: 'quote_ccy' });
    expect(order.cost).toBeGreaterThan(45);
    expect(order.cost).toBeLessThanOrEqual(50);
    expect(order.filled).toBeGreaterThan(0);
  });

  it('answers too little balance with InsufficientFunds', async () => {
    const ticker = await trader.fetchTicker(SYMBOL);
    const price = Number(trader.priceToPrecision(SYMBOL, (ticker.ask ?? 0) * 1.2));
    await expect(trader.createOrder(SYMBOL, 'limit', 'sell', 5, price)).rejects.toThrow(ccxt.InsufficientFunds);
  });

  it('refuses a key without the trade permission with 50120', async () => {
    const price = await restingBuyPrice();
    await expect(reader.createOrder(SYMBOL, 'limit', 'buy', 0.01, price)).rejects.toThrow(/50120/);
    // Reading stays open to it.
    expect(await reader.fetchOpenOrders(SYMBOL)).toEqual([]);
  });

  it('does not show or cancel another user’s order', async () => {
    const price = await restingBuyPrice();
    const theirs = await stranger.createOrder(SYMBOL, 'limit', 'buy', 0.01, price);
    await expect(trader.fetchOrder(idOf(theirs), SYMBOL)).rejects.toThrow(ccxt.OrderNotFound);
    await expect(trader.cancelOrder(idOf(theirs), SYMBOL)).rejects.toThrow(ccxt.OrderNotFound);
    expect((await stranger.fetchOrder(idOf(theirs), SYMBOL)).status).toBe('open');
    expect((await trader.fetchOpenOrders(SYMBOL)).map((o) => o.id)).not.toContain(theirs.id);
    await stranger.cancelOrder(idOf(theirs), SYMBOL);
  });
});
