import type { Coin } from '../../shared/market/coin';
import { coinLogoPath } from '../../shared/market/coin';

export interface TransferAsset {
  symbol: string;
  name: string;
  logo: string;
}

export const USDT_ASSET: TransferAsset = { symbol: 'USDT', name: 'Tether', logo: coinLogoPath('USDT') };

/** USDT first (the quote coin is not a pair of the coin list), then each listed coin once. */
export function transferAssets(coins: Coin[]): TransferAsset[] {
  const seen = new Set([USDT_ASSET.symbol]);
  const list = [USDT_ASSET];
  for (const coin of coins) {
    const symbol = coin.symbol.toUpperCase();
    if (seen.has(symbol)) continue;
    seen.add(symbol);
    list.push({ symbol, name: coin.name, logo: coin.logo_path });
  }
  return list;
}
