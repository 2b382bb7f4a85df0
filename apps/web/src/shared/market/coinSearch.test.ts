import { describe, expect, it } from 'vitest';
import { matchesQuery, searchCoins } from './coinSearch';

const coins = [
  { symbol: 'WBTC', name: 'Wrapped Bitcoin' },
  { symbol: 'ETHW', name: 'EthereumPoW' },
  { symbol: 'BTC', name: 'Bitcoin' },
  { symbol: 'ETH', name: 'Ethereum' },
  { symbol: 'USDT', name: 'Tether' },
];
const symbols = (list: readonly { symbol: string }[]) => list.map((coin) => coin.symbol);

describe('searchCoins', () => {
  it('keeps the list and its order for an empty or blank query', () => {
    expect(symbols(searchCoins(coins, ''))).toEqual(['WBTC', 'ETHW', 'BTC', 'ETH', 'USDT']);
    expect(symbols(searchCoins(coins, '   '))).toEqual(['WBTC', 'ETHW', 'BTC', 'ETH', 'USDT']);
  });

  it('puts an exact symbol first, then symbols starting with the query, then names containing it', () => {
    expect(symbols(searchCoins(coins, 'eth'))).toEqual(['ETH', 'ETHW', 'USDT']);
    expect(symbols(searchCoins(coins, 'btc'))).toEqual(['BTC', 'WBTC']);
    expect(symbols(searchCoins(coins, 'bitcoin'))).toEqual(['WBTC', 'BTC']);
  });

  it('ignores case and surrounding spaces, and matches inside names', () => {
    expect(symbols(searchCoins(coins, ' TETH '))).toEqual(['USDT']);
    expect(symbols(searchCoins(coins, 'ereum'))).toEqual(['ETHW', 'ETH']);
  });

  it('returns nothing for a query nothing contains', () => {
    expect(searchCoins(coins, 'zzz')).toEqual([]);
  });

  it('stops at the limit after ranking', () => {
    expect(symbols(searchCoins(coins, 'e', 1))).toEqual(['ETHW']);
    expect(symbols(searchCoins(coins, 'eth', 1))).toEqual(['ETH']);
  });
});

describe('matchesQuery', () => {
  it('matches symbol or name, any case', () => {
    expect(matchesQuery({ symbol: 'SOL', name: 'Solana' }, 'LAN')).toBe(true);
    expect(matchesQuery({ symbol: 'SOL', name: 'Solana' }, 'sol')).toBe(true);
    expect(matchesQuery({ symbol: 'SOL', name: 'Solana' }, 'doge')).toBe(false);
  });
});
