import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import { signUpUser, type TestApp } from '../helpers.js';
import { createKey } from '../api-keys/api-key-helpers.js';
import { toFutures } from '../futures/futures-helpers.js';
import { closeChecked, fund } from '../trading/trading-helpers.js';
import { idOf, okxClient, startForCcxt } from './ccxt-helpers.js';

const SWAP = 'BTC/USDT:USDT';

/**
 * The real ccxt 4.5.84 `okx` class, signed with a key made through /api/v1/api-keys, trading the
 * BTC perpetual (BTC-USDT-SWAP) against the running server with only its URLs changed. Our futures
 * are OKX's long/short mode, so the clients say `hedged`.
 */
describe('ccxt okx trades perpetuals with a signed key', () => {
  let t: TestApp;
  let base: string;
  let markets: Exchange['markets'];
  let trader: Exchange;
  let stranger: Exchange;

  function client(key: ApiKeyCreateResponse): Exchange {
    return okxClient(base, key, { markets, options: { hedged: true } });
  }

  async function traderOf(tag: string): Promise<Exchange> {
    const user = await signUpUser(t.app, tag, { identity: true });
    await fund(t.app, user.userId, 'USDT', '100000');
    await toFutures(t.app, user, '50000');
    return client(await createKey(t.app, user, { label: tag, permissions: ['read', 'trade'] }));
  }

  beforeAll(async () => {
    ({ t, base, markets } = await startForCcxt());
    trader = await traderOf('okx-swap-trader');
    stranger = await traderOf('okx-swap-stranger');
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  /** A long's limit price well under the book, so the order rests. */
  async function restingBuyPrice(): Promise<number> {
    const book = await trader.fetchOrderBook(SWAP, 5);
    return Number(trader.priceToPrecision(SWAP, (book.bids[0]?.[0] ?? 0) * 0.8));
  }

  it('places a limit long, lists it open, reads it and cancels it', async () => {
    const price = await restingBuyPrice();
    const placed = await trader.createOrder(SWAP, 'limit', 'buy', 0.01, price, { clOrdId: 'swapLimit1' });
    expect(placed.id).toMatch(/^\d+$/);
    expect((await trader.fetchOpenOrders(SWAP)).map((o) => o.id)).toContain(placed.id);

    const read = await trader.fetchOrder(idOf(placed), SWAP);
    expect(read).toMatchObject({ id: placed.id, clientOrderId: 'swapLimit1', symbol: SWAP, type: 'limit', side: 'buy', status: 'open', price, amount: 0.01, filled: 0, reduceOnly: false });
    expect(read.info).toMatchObject({ instType: 'SWAP', posSide: 'long', tdMode: 'cross' });

    expect((await trader.cancelOrder(idOf(placed), SWAP)).id).toBe(placed.id);
    expect((await trader.fetchOrder(idOf(placed), SWAP)).status).toBe('canceled');
    expect((await trader.fetchOpenOrders(SWAP)).map((o) => o.id)).not.toContain(placed.id);
  });

  it('sets the leverage, opens at market and shows the position', async () => {
    await trader.setLeverage(7, SWAP, { marginMode: 'isolated', posSide: 'long' });
    const leverage = await trader.fetchLeverage(SWAP, { marginMode: 'isolated' });
    expect(leverage).toMatchObject({ symbol: SWAP, marginMode: 'isolated', longLeverage: 7 });

    const opened = await trader.createOrder(SWAP, 'market', 'buy', 0.02, undefined, { marginMode: 'isolated' });
    const order = await trader.fetchOrder(idOf(opened), SWAP);
    expect(order).toMatchObject({ status: 'closed', type: 'market', side: 'buy', filled: 0.02, remaining: 0 });
    expect(order.average).toBeGreaterThan(0);

    const [position, ...others] = await trader.fetchPositions([SWAP]);
    expect(others).toEqual([]);
    expect(position).toMatchObject({ symbol: SWAP, side: 'long', contracts: 0.02, contractSize: 1, leverage: 7, marginMode: 'isolated', hedged: true });
    expect(position?.entryPrice).toBeCloseTo(order.average ?? 0, 6);
    expect(position?.collateral).toBeGreaterThan(0);
  });

  it('reduces the position with a reduce-only order and closes the rest', async () => {
    const reduced = await trader.createOrder(SWAP, 'market', 'sell', 0.01, undefined, { marginMode: 'isolated', reduceOnly: true });
    expect(await trader.fetchOrder(idOf(reduced), SWAP)).toMatchObject({ status: 'closed', side: 'sell', filled: 0.01, reduceOnly: true });
    expect((await trader.fetchPositions([SWAP]))[0]?.contracts).toBe(0.01);

    await trader.closePosition(SWAP, 'long', { marginMode: 'isolated' });
    expect(await trader.fetchPositions([SWAP])).toEqual([]);

    const trades = await trader.fetchMyTrades(SWAP);
    const reducing = trades.filter((tr) => tr.order === reduced.id);
    expect(reducing.reduce((sum, tr) => sum + (tr.amount ?? 0), 0)).toBeCloseTo(0.01, 10);
    expect(reducing[0]).toMatchObject({ symbol: SWAP, side: 'sell' });

    const closed = await trader.fetchClosedOrders(SWAP);
    expect(closed.map((o) => o.id)).toEqual(expect.arrayContaining([reduced.id]));
    const history = await trader.fetchPositionsHistory([SWAP]);
    expect(history[0]).toMatchObject({ symbol: SWAP, side: 'long', marginMode: 'isolated' });
  });

  it('refuses a reduce-only order with no position, and one-way (net) orders', async () => {
    await expect(trader.createOrder(SWAP, 'market', 'buy', 0.01, undefined, { reduceOnly: true })).rejects.toThrow(/51169/);
    await expect(trader.createOrder(SWAP, 'market', 'buy', 0.01, undefined, { hedged: false, posSide: 'net' })).rejects.toThrow(ccxt.BadRequest);
  });

  it('does not show or cancel another user’s order', async () => {
    const theirs = await stranger.createOrder(SWAP, 'limit', 'buy', 0.01, await restingBuyPrice());
    await expect(trader.fetchOrder(idOf(theirs), SWAP)).rejects.toThrow(ccxt.OrderNotFound);
    await expect(trader.cancelOrder(idOf(theirs), SWAP)).rejects.toThrow(ccxt.OrderNotFound);
    expect((await stranger.fetchOrder(idOf(theirs), SWAP)).status).toBe('open');
    await stranger.cancelOrder(idOf(theirs), SWAP);
  });
});
