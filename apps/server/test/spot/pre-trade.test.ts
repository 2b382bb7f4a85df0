import { describe, expect, it } from 'vitest';
import { spotMessages } from '@exchange/contract';
import { coinByPairId } from '../../src/shared/catalogue.js';
import { Dec } from '../../src/shared/decimal.js';
import { TickGrid } from '../../src/shared/tick-grid.js';
import { decidePlace, placeCommand, type Funds, type MarketView } from '../../src/modules/spot/pre-trade.js';
import type { PlaceRequest } from '../../src/modules/spot/types.js';

const btc = coinByPairId(1);
if (!btc) throw new Error('BTC is pair 1');
// BTC: tick 0.01, lot 0.00001 (the catalogue's grid), so one notional unit is 0.0000001 USDT.
const market: MarketView = {
  bestBid: 4_999_900,
  bestAsk: 5_000_000,
  prices: new TickGrid(btc.tick_size),
  lots: new TickGrid(btc.lot_size),
  tickSize: btc.tick_size,
  lotSize: btc.lot_size,
};

class Short extends Error {}

function funds(balances: Record<string, string>, fresh = true): Funds {
  return {
    available: (asset) => new Dec(balances[asset] ?? '0'),
    fresh: () => fresh,
    shortOf: (asset) => new Short(asset),
  };
}

function request(p: Partial<PlaceRequest>): PlaceRequest {
  return {
    kind: 'place',
    userId: 'u',
    coin: btc as NonNullable<typeof btc>,
    instId: 'BTC-USDT',
    side: 'buy',
    execType: 'limit',
    tif: 'GTC',
    priceTicks: 4_000_000,
    stopTicks: null,
    lots: 100,
    totalUsdt: null,
    clOrdId: '',
    tag: '',
    ...p,
  };
}

describe('decidePlace: what an order holds', () => {
  it.each([
    ['a limit buy holds price × amount', request({}), { USDT: '1000' }, { holdAsset: 'USDT', hold: '40', price: 4_000_000, budget: null }],
    ['a limit sell holds the amount of base', request({ side: 'sell' }), { BTC: '1' }, { holdAsset: 'BTC', hold: '0.001', price: 4_000_000, budget: null }],
    [
      'a market buy of an amount holds it at the best ask plus 5 %, as an IOC at that cap',
      request({ execType: 'market', tif: 'IOC', priceTicks: null }),
      { USDT: '1000' },
      { holdAsset: 'USDT', hold: '52.5', price: 5_250_000, budget: null },
    ],
    [
      'a market buy with a total holds that total as a budget',
      request({ execType: 'market', tif: 'IOC', priceTicks: null, totalUsdt: '120' }),
      { USDT: '1000' },
      { holdAsset: 'USDT', hold: '120', price: null, budget: 1_200_000_000 },
    ],
    [
      'a market buy whose worst case exceeds the balance spends the whole balance',
      request({ execType: 'market', tif: 'IOC', priceTicks: null, lots: 1_000_000 }),
      { USDT: '77.77' },
      { holdAsset: 'USDT', hold: '77.77', price: null, budget: 777_700_000 },
    ],
  ] as const)('%s', (_name, req, balances, expected) => {
    const d = decidePlace(req, market, funds(balances));
    expect({ ...d, hold: d.hold.toFixed() }).toEqual(expected);
  });

  it.each([
    ['a limit buy beyond the USDT balance', request({}), { USDT: '39.99' }, 'USDT'],
    ['a sell beyond the base balance', request({ side: 'sell' }), { BTC: '0.00099' }, 'BTC'],
  ] as const)('refuses %s through Funds.shortOf', (_name, req, balances, asset) => {
    expect(() => decidePlace(req, market, funds(balances))).toThrow(new Short(asset));
  });

  it('refuses a budget that cannot pay one lot at the best ask, and a market order with an empty side', () => {
    const buy = request({ execType: 'market', tif: 'IOC', priceTicks: null, totalUsdt: '0.04' });
    expect(() => decidePlace(buy, market, funds({ USDT: '10' }))).toThrow(spotMessages.insufficientBalance);
    expect(() => decidePlace(buy, { ...market, bestAsk: null }, funds({ USDT: '10' }))).toThrow(spotMessages.noLiquidity);
    const sell = request({ side: 'sell', execType: 'market', tif: 'IOC', priceTicks: null });
    expect(() => decidePlace(sell, { ...market, bestBid: null }, funds({ BTC: '1' }))).toThrow(spotMessages.noLiquidity);
  });

  it('agrees with the web form: the most a user can sell is the balance floored to the lot, buy is USDT / price floored to the lot', () => {
    // 0.0012 BTC bought, less the 0.1 % fee in BTC: the form offers 0.00119, never 0.0012.
    const dust = funds({ BTC: '0.0011988' });
    expect(decidePlace(request({ side: 'sell', lots: 119 }), market, dust).hold.toFixed()).toBe('0.00119');
    expect(() => decidePlace(request({ side: 'sell', lots: 120 }), market, dust)).toThrow(Short);
    // 100 USDT at 40,000.00 buys 0.0025 BTC exactly; the buyer's fee is taken in BTC, so no USDT is held for it.
    const usdt = funds({ USDT: '100' });
    expect(decidePlace(request({ lots: 250 }), market, usdt).hold.toFixed()).toBe('100');
    expect(() => decidePlace(request({ lots: 251 }), market, usdt)).toThrow(Short);
  });

  it('does not cap a market buy on a cached balance: it asks for a fresh read first', () => {
    const buy = request({ execType: 'market', tif: 'IOC', priceTicks: null, totalUsdt: '120' });
    expect(() => decidePlace(buy, market, funds({ USDT: '100' }, false))).toThrow(Short);
    expect(decidePlace(buy, market, funds({ USDT: '100' }, true)).hold.toFixed()).toBe('100');
  });
});

describe('placeCommand', () => {
  it('turns post-only into a GTC limit that must not cross, and a budget into a market buy', () => {
    const req = request({ tif: 'POST_ONLY' });
    expect(placeCommand('7', req, { holdAsset: 'USDT', hold: new Dec(40), price: 4_000_000, budget: null })).toEqual({
      type: 'limit',
      id: '7',
      owner: 'u',
      side: 'buy',
      price: 4_000_000,
      qty: 100,
      tif: 'GTC',
      postOnly: true,
    });
    const budget = request({ execType: 'market', tif: 'IOC', priceTicks: null });
    expect(placeCommand('8', budget, { holdAsset: 'USDT', hold: new Dec(1), price: null, budget: 100 })).toEqual({
      type: 'market',
      id: '8',
      owner: 'u',
      side: 'buy',
      budget: 100,
    });
  });
});
