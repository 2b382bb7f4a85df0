import { describe, expect, it } from 'vitest';
import {
  catalogue,
  catalogueSchema,
  coinByInstId,
  coinByPairId,
  coinBySymbol,
  coins,
  dailyVolatility,
  instId,
  marketCap,
  SNAPSHOT_DATE,
} from '../../src/shared/catalogue.js';
import { coinSnapshot } from '../../src/shared/coin-snapshot.js';
import { Dec, isOnStep } from '../../src/shared/decimal.js';

describe('coin catalogue', () => {
  it('holds at least 30 coins with unique ids and symbols, BTC first with id 1', () => {
    expect(coins.length).toBeGreaterThanOrEqual(30);
    expect(new Set(coins.map((c) => c.pair_id)).size).toBe(coins.length);
    expect(new Set(coins.map((c) => c.symbol)).size).toBe(coins.length);
    expect(coins[0]?.symbol).toBe('BTC');
    expect(coins[0]?.pair_id).toBe(1);
    const ids = coins.map((c) => c.pair_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('lists the coins the product names', () => {
    for (const s of ['BTC', 'ETH', 'BNB', 'ADA', 'SOL', 'XRP', 'DOGE', 'DOT', 'TRX', 'LTC', 'LINK', 'AVAX', 'POL', 'BCH',
      'XLM', 'ATOM', 'UNI', 'ETC', 'FIL', 'APT', 'NEAR', 'ALGO', 'VET', 'ICP', 'AAVE', 'SAND', 'MANA', 'AXS', 'EOS', 'XTZ', 'THETA']) {
      expect(coinBySymbol(s), s).toBeDefined();
    }
  });

  it('is a dated snapshot', () => {
    expect(SNAPSHOT_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(catalogue.quote).toBe('USDT');
  });

  it('has sane tick and lot sizes for each price', () => {
    for (const c of coins) {
      const price = new Dec(c.price);
      expect(isOnStep(c.price, c.tick_size), `${c.symbol} price on tick`).toBe(true);
      const relTick = new Dec(c.tick_size).div(price).toNumber();
      expect(relTick, `${c.symbol} tick relative to price`).toBeGreaterThanOrEqual(1e-8);
      expect(relTick, `${c.symbol} tick relative to price`).toBeLessThanOrEqual(1e-3);
      expect(new Dec(c.lot_size).mul(price).toNumber(), `${c.symbol} value of one lot`).toBeLessThanOrEqual(10);
      expect(c.annual_volatility).toBeGreaterThanOrEqual(0.3);
      expect(c.annual_volatility).toBeLessThanOrEqual(1.5);
      expect(c.is_tradable).toBe(true);
    }
    expect(coinBySymbol('BTC')).toMatchObject({ tick_size: '0.01', lot_size: '0.00001' });
    expect(coinBySymbol('DOGE')).toMatchObject({ tick_size: '0.00001', lot_size: '1' });
  });

  it('finds coins by symbol (any case), pair id and instrument id', () => {
    expect(coinBySymbol('eth')?.pair_id).toBe(2);
    expect(coinByPairId(1)?.symbol).toBe('BTC');
    expect(coinByPairId(9999)).toBeUndefined();
    expect(coinBySymbol('NOPE')).toBeUndefined();
    expect(instId('btc')).toBe('BTC-USDT');
    expect(coinByInstId('SOL-USDT')?.symbol).toBe('SOL');
    expect(coinByInstId('SOL-BTC')).toBeUndefined();
  });

  it('computes market cap as price × supply and a daily volatility', () => {
    const btc = coinBySymbol('BTC');
    if (!btc) throw new Error('BTC missing');
    expect(marketCap(btc, '100000')).toBe(new Dec(btc.circulating_supply).mul(100000).toFixed(2));
    expect(dailyVolatility(btc)).toBeCloseTo(btc.annual_volatility / Math.sqrt(365), 10);
  });

  it('rejects a snapshot with a duplicate id, an off-tick price or BTC not at id 1', () => {
    const good = structuredClone(coinSnapshot) as unknown as { coins: Record<string, unknown>[] };
    const dupId = structuredClone(good);
    (dupId.coins[1] as Record<string, unknown>).pair_id = 1;
    expect(catalogueSchema.safeParse(dupId).success).toBe(false);
    const offTick = structuredClone(good);
    (offTick.coins[0] as Record<string, unknown>).price = '103500.005';
    expect(catalogueSchema.safeParse(offTick).success).toBe(false);
    const swapped = structuredClone(good);
    (swapped.coins[0] as Record<string, unknown>).pair_id = 999;
    expect(catalogueSchema.safeParse(swapped).success).toBe(false);
    expect(catalogueSchema.safeParse(good).success).toBe(true);
  });
});
