import { describe, expect, it } from 'vitest';
import { coinSchema, coinsResponse } from '@exchange/contract';
import { compareCoins, normaliseCoin, normaliseCoins } from '../src/shared/market/coin';

const NOW = Date.UTC(2025, 4, 1, 12, 0, 0);

describe('coinSchema', () => {
  it('coerces numeric strings and 0/1 flags', () => {
    const coin = coinSchema.parse({ id: '3', price: '42.5', volume_24h: '1000', is_tradable: 0, '24_high': '44' });
    expect(coin).toMatchObject({ id: 3, price: 42.5, volume_24h: 1000, is_tradable: false, '24_high': 44 });
  });

  it('treats null and empty strings as missing', () => {
    const coin = coinSchema.parse({ id: 1, price: '', market_cap: null, symbol: null });
    expect(coin.price).toBeUndefined();
    expect(coin.market_cap).toBeUndefined();
    expect(coin.symbol).toBeUndefined();
  });

  it('needs an id or a pair id and rejects non-numeric prices', () => {
    expect(coinSchema.safeParse({ symbol: 'BTC' }).success).toBe(false);
    expect(coinSchema.safeParse({ coin_pair: 7 }).success).toBe(true);
    expect(coinSchema.safeParse({ id: 1, price: 'lots' }).success).toBe(false);
  });

  it('accepts the list as an array or under data', () => {
    expect(coinsResponse.parse([{ id: 1 }])).toHaveLength(1);
    expect(coinsResponse.parse({ data: [{ id: 1 }, { id: 2 }] })).toHaveLength(2);
    expect(coinsResponse.safeParse({ coins: [] }).success).toBe(false);
  });
});

describe('normaliseCoin defaults (spec 1 §3)', () => {
  const coin = normaliseCoin(coinSchema.parse({ id: 5, price: 100, price_change_24h: -0.5 }), NOW);

  it('fills symbol, pair, name and logo', () => {
    expect(coin.symbol).toBe('UNKNOWN');
    expect(coin.pair_name).toBe('USDT');
    expect(coin.name).toBe('UNKNOWN');
    expect(coin.logo_path).toBe('/api/v1/coin-icons/unknown.svg');
  });

  it('derives the 24h range from the price', () => {
    expect(coin['24_high']).toBeCloseTo(102, 10);
    expect(coin['24_low']).toBeCloseTo(98, 10);
  });

  it('fills ids, flags and timestamps', () => {
    expect(coin).toMatchObject({
      id: 5,
      coin_pair: 5,
      coin_id: 5,
      is_tradable: true,
      is_favorite: false,
      cache_timestamp: NOW,
      last_updated: new Date(NOW).toISOString(),
      volume_24h: 0,
      market_cap: 0,
      tick_size: null,
      lot_size: null,
    });
  });

  it('keeps the price and amount steps a server sends, and drops malformed ones', () => {
    const stepped = normaliseCoin(coinSchema.parse({ id: 1, tick_size: '0.01', lot_size: 0.001 }), NOW);
    expect(stepped).toMatchObject({ tick_size: '0.01', lot_size: '0.001' });
    const odd = normaliseCoin(coinSchema.parse({ id: 1, tick_size: '-1', lot_size: 'lots' }), NOW);
    expect(odd).toMatchObject({ tick_size: null, lot_size: null });
  });

  it('keeps numbers only, for the rows shown to format', () => {
    expect(coin.price_change_is_positive).toBe(false);
    expect(coin).not.toHaveProperty('formatted_price');
    expect(coin).not.toHaveProperty('price_change_formatted');
  });

  it('keeps the values the API gave', () => {
    const given = normaliseCoin(
      coinSchema.parse({
        id: 9,
        coin_pair: 2,
        coin_id: 4,
        symbol: 'Eth',
        name: 'Ethereum',
        pair_name: 'USDC',
        price: '2500',
        price_change_24h: 0,
        '24_high': 2600,
        '24_low': 2400,
        logo_path: '/logos/eth.png',
        is_tradable: false,
        last_updated: '2025-05-01T00:00:00Z',
      }),
      NOW,
    );
    expect(given).toMatchObject({
      id: 9,
      coin_pair: 2,
      coin_id: 4,
      symbol: 'Eth',
      name: 'Ethereum',
      pair_name: 'USDC',
      price: 2500,
      '24_high': 2600,
      '24_low': 2400,
      logo_path: '/logos/eth.png',
      is_tradable: false,
      last_updated: '2025-05-01T00:00:00Z',
      price_change_is_positive: true,
    });
  });

  it('derives the logo from the lowercase symbol', () => {
    expect(normaliseCoin(coinSchema.parse({ id: 1, symbol: 'SOL' }), NOW).logo_path).toBe('/api/v1/coin-icons/sol.svg');
  });

  it('uses the pair id as id when only the pair id is given', () => {
    const coin = normaliseCoin(coinSchema.parse({ coin_pair: 12, symbol: 'ADA' }), NOW);
    expect(coin.id).toBe(12);
    expect(coin.coin_id).toBe(12);
  });
});

describe('coin order', () => {
  it('puts BTC first, then sorts by pair id', () => {
    const coins = normaliseCoins(
      [
        { id: 3, coin_pair: 3, symbol: 'SOL' },
        { id: 9, coin_pair: 9, symbol: 'BTC' },
        { id: 1, coin_pair: 1, symbol: 'ETH' },
        { id: 2, coin_pair: 2, symbol: 'BNB' },
      ],
      NOW,
    );
    expect(coins.map((c) => c.symbol)).toEqual(['BTC', 'ETH', 'BNB', 'SOL']);
  });

  it('skips items that are not coins', () => {
    const coins = normaliseCoins([{ id: 1, symbol: 'ETH' }, 'junk', null, { symbol: 'NOID' }], NOW);
    expect(coins.map((c) => c.symbol)).toEqual(['ETH']);
  });

  it('compareCoins is symmetric for BTC', () => {
    const [btc, eth] = normaliseCoins([{ id: 5, symbol: 'BTC' }, { id: 1, symbol: 'ETH' }], NOW);
    expect(btc && eth && compareCoins(btc, eth)).toBeLessThan(0);
    expect(btc && eth && compareCoins(eth, btc)).toBeGreaterThan(0);
  });
});
