import type { CoinListItem } from '@exchange/contract';
import { QUOTE_ASSET, marketCap, type Coin } from '../../shared/catalogue.js';
import { coinIconPath } from '../../shared/icons.js';
import type { Ticker24h } from './ticker-stats.js';

export type { CoinListItem } from '@exchange/contract';

/** The GET /coins records, in catalogue order (BTC first, then by pair id); coins without a price yet are left out. */
export function buildCoinList(
  coins: readonly Coin[],
  tickerOf: (symbol: string) => Ticker24h | undefined,
  nowMs: number,
): CoinListItem[] {
  const lastUpdated = new Date(nowMs).toISOString();
  const out: CoinListItem[] = [];
  for (const coin of coins) {
    const t = tickerOf(coin.symbol);
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
