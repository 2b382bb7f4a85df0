import { describe, expect, it } from 'vitest';
import { coinSchema, resolveCoinPair } from '@exchange/contract';
import { normaliseCoin, type Coin } from '../src/shared/market/coin';
import { defaultFavourites, readFavourites, toggleFavourite, writeFavourites, FAVOURITES_TTL_MS } from '../src/shared/trading/favourites/favourites';
import { MemoryStorage } from './market-test-utils';

function coin(id: number, symbol: string, extra: Record<string, unknown> = {}): Coin {
  return normaliseCoin(coinSchema.parse({ id, symbol, name: symbol, price: 10, ...extra }), 0);
}

const coins = [coin(7, 'BTC'), coin(2, 'ETH'), coin(3, 'SOL')];

describe('coin_pair_id resolution', () => {
  it('treats a missing id and id 1 as BTC and asks for the URL to be replaced with its id', () => {
    expect(resolveCoinPair(coins, null)).toEqual({ coin: coins[0], replaceUrl: true });
    expect(resolveCoinPair(coins, '1')).toEqual({ coin: coins[0], replaceUrl: true });
  });

  it('keeps a known id as it is', () => {
    expect(resolveCoinPair(coins, '2')).toEqual({ coin: coins[1], replaceUrl: false });
    expect(resolveCoinPair(coins, '7')).toEqual({ coin: coins[0], replaceUrl: false });
  });

  it('falls back to BTC, else the first coin, for unknown or malformed ids', () => {
    expect(resolveCoinPair(coins, '999')).toEqual({ coin: coins[0], replaceUrl: true });
    expect(resolveCoinPair(coins, 'abc')).toEqual({ coin: coins[0], replaceUrl: true });
    const noBtc = [coin(4, 'ADA'), coin(5, 'DOT')];
    expect(resolveCoinPair(noBtc, '999')).toEqual({ coin: noBtc[0], replaceUrl: true });
    expect(resolveCoinPair([], '2')).toBeNull();
  });
});

describe('spot favourites', () => {
  it('defaults to the first 8 tradable coins', () => {
    const many = Array.from({ length: 10 }, (_, i) => coin(i + 1, `C${i}`, { is_tradable: i !== 1 }));
    expect(defaultFavourites(many)).toEqual(['C0', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7', 'C8']);
  });

  it('toggles a coin and pushes out the oldest beyond 8', () => {
    expect(toggleFavourite(['A', 'B'], 'A')).toEqual(['B']);
    expect(toggleFavourite(['A', 'B'], 'C')).toEqual(['A', 'B', 'C']);
    const full = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    expect(toggleFavourite(full, 'I')).toEqual(['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I']);
  });

  it('stores favourites with a timestamp and forgets them after 7 days', () => {
    const storage = new MemoryStorage();
    writeFavourites(['ETH', 'SOL'], 1000, storage);
    expect(readFavourites(1000 + FAVOURITES_TTL_MS, storage)).toEqual(['ETH', 'SOL']);
    expect(readFavourites(1001 + FAVOURITES_TTL_MS, storage)).toBeNull();
    storage.setItem('spotFavourites', 'not json');
    expect(readFavourites(1000, storage)).toBeNull();
  });
});
