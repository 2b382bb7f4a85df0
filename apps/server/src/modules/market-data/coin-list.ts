import type { CoinListItem } from '@exchange/contract';
import { QUOTE_ASSET, marketCap, type Coin } from '../../shared/catalogue.js';
import { coinIconPath } from '../../shared/icons.js';
import type { Ticker24h } from './ticker-stats.js';

export type { CoinListItem } from '@exchange/contract';

/**
 * A market an administrator listed has no trade and so no ticker yet: until its first trade it is
 * quoted at the catalogue's reference price with no volume, so that the web lists it and a trader
 * can place its first order there (the web reaches a market only through this list).
 */
function referenceTicker(coin: Coin, nowMs: number): Ticker24h | undefined {
  if (coin.min_size === undefined) return undefined;
  const p = coin.price;
  return { symbol: coin.symbol, last: p, lastQty: '0', open24h: p, high24h: p, low24h: p, volume24h: '0', quoteVolume24h: '0', change24h: '0', changePercent24h: '0', openUtc0: p, ts: nowMs };
}

/**
 * The GET /coins records, in catalogue order (BTC first, then by pair id); a snapshot coin without a
 * price yet is left out, a listed one without a trade is quoted at its reference price.
 */
export function buildCoinList(
  coins: readonly Coin[],
  tickerOf: (symbol: string) => Ticker24h | undefined,
  nowMs: number,
): CoinListItem[] {
  const lastUpdated = new Date(nowMs).toISOString();
  const out: CoinListItem[] = [];
  for (const coin of coins) {
    const t = tickerOf(coin.symbol) ?? referenceTicker(coin, nowMs);
    if (!t) continue;
    out.push({
      id: coin.pair_id,
      coin_pair: coin.pair_id,
      coin_id: coin.pair_id,
      symbol: coin.symbol,
      name: coin.name,
      pair_name: QUOTE_ASSET as 'USDT',
      price: Number(t.last),
      price_change_24h: Number(t.changePercent24h),
      volume_24h: Math.round(Number(t.quoteVolume24h) * 100) / 100,
      market_cap: Number(marketCap(coin, t.last)),
      '24_high': Number(t.high24h),
      '24_low': Number(t.low24h),
      logo_path: coinIconPath(coin.symbol),
      is_tradable: coin.is_tradable,
      last_updated: lastUpdated,
      tick_size: coin.tick_size,
      lot_size: coin.lot_size,
    });
  }
  return out;
}
