import ccxt, { type Exchange } from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyCreateResponse } from '@exchange/contract';
import type { TestApp } from '../helpers.js';
import { closeChecked } from '../trading/trading-helpers.js';
import { idOf, keyWithCoins, okxClient, startForCcxt } from './ccxt-helpers.js';

const SYMBOL = 'BTC/USDT';

/**
 * The real ccxt 4.5.84 `okx` class on the algo and order-change calls, as freqtrade drives them:
 * its stoploss_on_exchange is createOrder with `stopLossPrice` (POST /trade/order-algo), read back
 * with fetchOrder/fetchOpenOrders and {stop: true}, cancelled with cancelOrder and {stop: true}.
 */
describe('ccxt okx algo orders, amend and bulk cancel on spot', () => {
  let t: TestApp;
  let base: string;
  let markets: Exchange['markets'];
  let trader: Exchange;
  let stranger: Exchange;
  let whale: Exchange;

  function client(key: ApiKeyCreateResponse): Exchange {
    return okxClient(base, key, { markets });
  }

  const keyOf = (tag: string, coins: Record<string, string>) => keyWithCoins(t, tag, ['read', 'trade'], coins);

  beforeAll(async () => {
    ({ t, base, markets } = await startForCcxt());
    trader = client(await keyOf('algo-trader', { USDT: '100000', BTC: '1' }));
    stranger = client(await keyOf('algo-stranger', { USDT: '100000', BTC: '1' }));
    whale = client(await keyOf('algo-whale', { USDT: '10000000', BTC: '1000' }));
    // A first trade, so the instrument has a last price.
    await whale.createOrder(SYMBOL, 'market', 'sell', 0.001);
  });
  afterAll(async () => {
    if (t) await closeChecked(t);
  });

  const last = async () => Number((await trader.fetchTicker(SYMBOL)).last);
  const price = (p: number) => Number(trader.priceToPrecision(SYMBOL, p));

  it('places freqtrade’s stop-loss as a conditional algo order, lists it, reads it and cancels it', async () => {
    const stop = price((await last()) * 0.9);
    const limit = price(stop * 0.99);
    const placed = await trader.createOrder(SYMBOL, 'limit', 'sell', 0.01, limit, { stopLossPrice: stop });
    expect(placed.id).toMatch(/^\d{19}$/);

    const read = await trader.fetchOrder(idOf(placed), SYMBOL, { stop: true });
    expect(read).toMatchObject({ id: placed.id, symbol: SYMBOL, side: 'sell', status: 'open', amount: 0.01, stopLossPrice: stop });
    expect(read.info).toMatchObject({ ordType: 'conditional', slTriggerPx: String(stop), slOrdPx: String(limit), state: 'live' });

    const conditional = await trader.fetchOpenOrders(SYMBOL, undefined, undefined, { stop: true, ordType: 'conditional' });
    expect(conditional.map((o) => o.id)).toContain(placed.id);
    // {stop: true} alone asks for ordType trigger, which this one is not; nor is it a plain open order.
    expect((await trader.fetchOpenOrders(SYMBOL, undefined, undefined, { stop: true })).map((o) => o.id)).not.toContain(placed.id);
    expect((await trader.fetchOpenOrders(SYMBOL)).map((o) => o.id)).not.toContain(placed.id);

    await trader.cancelOrder(idOf(placed), SYMBOL, { stop: true });
    expect((await trader.fetchOrder(idOf(placed), SYMBOL, { stop: true })).status).toBe('canceled');
    await expect(trader.cancelOrder(idOf(placed), SYMBOL, { stop: true })).rejects.toThrow(ccxt.OrderNotFound);
  });

  it('places a trigger order, lists it with {trigger: true} and cancels it with cancelOrders', async () => {
    const trigger = price((await last()) * 1.2);
    const placed = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.01, price(trigger * 1.01), { triggerPrice: trigger });
    const open = await trader.fetchOpenOrders(SYMBOL, undefined, undefined, { trigger: true });
    expect(open.find((o) => o.id === placed.id)).toMatchObject({ side: 'buy', triggerPrice: trigger, status: 'open' });
    await trader.cancelOrders([idOf(placed)], SYMBOL, { trigger: true });
    expect((await trader.fetchOpenOrders(SYMBOL, undefined, undefined, { trigger: true })).map((o) => o.id)).not.toContain(placed.id);
  });

  it('refuses a stop-loss above the last price with OKX’s 51280', async () => {
    await expect(trader.createOrder(SYMBOL, 'market', 'sell', 0.01, undefined, { stopLossPrice: price((await last()) * 1.1) })).rejects.toThrow(/51280/);
  });

  it('fires a market stop-loss when the price falls through it, placing a spot order that fills', async () => {
    // The stop sits among the book's bids; the whale then sells through the level under it.
    const bids = (await whale.fetchOrderBook(SYMBOL)).bids.map(([p, amount]) => ({ p: Number(p), amount: Number(amount) }));
    expect(bids.length).toBeGreaterThan(5);
    const stop = bids[3]?.p ?? 0;
    expect(stop).toBeLessThan(await last());
    const algo = await trader.createOrder(SYMBOL, 'market', 'sell', 0.01, undefined, { stopLossPrice: stop });
    const through = bids.slice(0, 5).reduce((sum, b) => sum + b.amount, 0);
    await whale.createOrder(SYMBOL, 'market', 'sell', Number(whale.amountToPrecision(SYMBOL, through)));
    await t.app.services.background.idle();

    const fired = await trader.fetchOrder(idOf(algo), SYMBOL, { stop: true });
    expect(fired.status).toBe('closed');
    expect(fired.info).toMatchObject({ state: 'effective', actualSide: 'sl', actualPx: '-1', actualSz: '0.01' });
    const child = await trader.fetchOrder(String(fired.info.ordId), SYMBOL);
    expect(child).toMatchObject({ side: 'sell', type: 'market', status: 'closed', filled: 0.01 });
    expect((await trader.fetchClosedOrders(SYMBOL, undefined, undefined, { stop: true, ordType: 'conditional' })).map((o) => o.id)).toContain(algo.id);
  });

  it('does not show or cancel another user’s algo order', async () => {
    const theirs = await stranger.createOrder(SYMBOL, 'limit', 'sell', 0.01, price((await last()) * 0.5), { stopLossPrice: price((await last()) * 0.6) });
    await expect(trader.fetchOrder(idOf(theirs), SYMBOL, { stop: true })).rejects.toThrow(ccxt.OrderNotFound);
    await expect(trader.cancelOrder(idOf(theirs), SYMBOL, { stop: true })).rejects.toThrow(ccxt.OrderNotFound);
    expect((await trader.fetchOpenOrders(SYMBOL, undefined, undefined, { stop: true, ordType: 'conditional' })).map((o) => o.id)).not.toContain(theirs.id);
    expect((await stranger.fetchOrder(idOf(theirs), SYMBOL, { stop: true })).status).toBe('open');
  });

  it('amends a resting order with editOrder: a new id at the new price and size, the client id kept', async () => {
    const bid = price((await last()) * 0.8);
    const placed = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.01, bid, { clOrdId: 'amendMe1' });
    const edited = await trader.editOrder(idOf(placed), SYMBOL, 'limit', 'buy', 0.02, price(bid * 0.99));
    expect(edited.id).not.toBe(placed.id);
    expect(await trader.fetchOrder(idOf(edited), SYMBOL)).toMatchObject({ status: 'open', amount: 0.02, price: price(bid * 0.99), clientOrderId: 'amendMe1' });
    expect((await trader.fetchOrder(idOf(placed), SYMBOL)).status).toBe('canceled');
    expect((await trader.fetchOrder('', SYMBOL, { clOrdId: 'amendMe1' })).id).toBe(edited.id);
    await trader.cancelOrder(idOf(edited), SYMBOL);
  });

  it('cancels several orders with cancelOrders', async () => {
    const bid = price((await last()) * 0.8);
    const a = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.01, bid);
    const b = await trader.createOrder(SYMBOL, 'limit', 'buy', 0.01, bid);
    await trader.cancelOrders([idOf(a), idOf(b)], SYMBOL);
    for (const o of [a, b]) expect((await trader.fetchOrder(idOf(o), SYMBOL)).status).toBe('canceled');
  });
});
