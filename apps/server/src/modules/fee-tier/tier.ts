import { FEE_TIER_PREMIUM_ASSETS_USDT, FEE_TIER_PREMIUM_VOLUME_USDT, type FeeTierName } from '@exchange/contract';
import type { BalanceRow } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';

export interface TierThresholds {
  volumeUsdt: Dec;
  assetsUsdt: Dec;
}

export const premiumThresholds: TierThresholds = {
  volumeUsdt: new Dec(FEE_TIER_PREMIUM_VOLUME_USDT),
  assetsUsdt: new Dec(FEE_TIER_PREMIUM_ASSETS_USDT),
};

/**
 * Spec 3 §9 word for word: Level 1 applies below the volume threshold or below the assets one, so
 * Premium needs both, each reached or passed.
 */
export function feeTierOf(figures: { volumeUsdt: Dec; assetsUsdt: Dec }, thresholds: TierThresholds = premiumThresholds): FeeTierName {
  const below = figures.volumeUsdt.lt(thresholds.volumeUsdt) || figures.assetsUsdt.lt(thresholds.assetsUsdt);
  return below ? 'level_1' : 'premium';
}

/** Last price in USDT of a symbol; undefined when the market has none. */
export type PriceOf = (symbol: string) => string | undefined;

function priceIn(priceOf: PriceOf, symbol: string): Dec {
  if (symbol === 'USDT') return new Dec(1);
  const raw = priceOf(symbol);
  if (raw === undefined) return new Dec(0);
  try {
    return new Dec(raw);
  } catch {
    return new Dec(0);
  }
}

/**
 * What the user holds in USDT: every wallet's available and locked balance (locked is still theirs:
 * open orders, margin, pending withdrawals) and the principal parked in Earn, at last prices. A coin
 * without a price counts 0 rather than guessing.
 */
export function assetsValue(balances: readonly BalanceRow[], earn: readonly { symbol: string; principal: string }[], priceOf: PriceOf): Dec {
  let total = new Dec(0);
  for (const b of balances) total = total.plus(new Dec(b.available).plus(b.locked).mul(priceIn(priceOf, b.asset)));
  for (const p of earn) total = total.plus(new Dec(p.principal).mul(priceIn(priceOf, p.symbol)));
  return total;
}
