import { ACCOUNT_TOP_ASSETS, type WalletEntry } from '@exchange/contract';

export interface TopAsset {
  symbol: string;
  name: string;
  logoPath: string;
  /** Spot, futures and funding together. */
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
export function topAssets(entries: readonly WalletEntry[], count = ACCOUNT_TOP_ASSETS): TopAsset[] {
  return entries
    .map((e) => {
      const amount = num(e.spot_wallet) + num(e.future_wallet) + num(e.funding_wallet);
      return { symbol: e.crypto_symbol, name: e.crypto_name, logoPath: e.logo_path, amount, value: amount * num(e.price) };
    })
    .filter((a) => a.amount > 0)
    .sort((a, b) => b.value - a.value || b.amount - a.amount)
    .slice(0, count);
}
