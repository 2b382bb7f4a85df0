import type { CoinTransactionRow } from '@exchange/contract';

/** Spec 3 §2: the quick coins of the deposit and withdrawal pages, in the spec's order. */
export const QUICK_PICKS = ['USDT', 'BTC', 'ETH', 'PI', 'SOL'] as const;

export interface QuickPick {
  symbol: string;
  /** The coin's row when it can be moved; null when it has no network (PI). */
  coin: CoinTransactionRow | null;
}

export function quickPicks(coins: readonly CoinTransactionRow[]): QuickPick[] {
  return QUICK_PICKS.map((symbol) => ({ symbol, coin: coins.find((coin) => coin.symbol === symbol) ?? null }));
}
