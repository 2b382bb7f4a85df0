import { ACCOUNT_TOP_ASSETS, type AssetBalance } from '@exchange/contract';

export interface TopAsset {
  symbol: string;
  name: string;
  logoPath: string;
  /** Funding, spot, futures and Earn together. */
  amount: number;
  /** amount × price, in USDT. */
  value: number;
}

function num(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/**
 * The coins the user holds, largest USDT value first (the larger amount breaks a tie, so a coin
 * without a price still shows), at most `count` of them (spec 3 §9: 5). Display only: floats do.
 */
export function topAssets(assets: readonly AssetBalance[], count = ACCOUNT_TOP_ASSETS): TopAsset[] {
  return assets
    .map((a) => ({ symbol: a.symbol, name: a.name, logoPath: a.logo_path, amount: num(a.total), value: num(a.value) }))
    .filter((a) => a.amount > 0)
    .sort((a, b) => b.value - a.value || b.amount - a.amount)
    .slice(0, count);
}
