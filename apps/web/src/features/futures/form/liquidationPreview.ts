import { crossLiquidationPrice, isolatedLiquidationPrice, type MarkedPosition } from '@exchange/risk';
import type { FuturesPositionRow, FuturesSide, MarginMode } from '@exchange/contract';
import { toNumber } from '../../../shared/format/number';
import { orderCost } from './futuresForm';

/** The cross wallet as the preview sees it: its balance (held margin included) and its open cross positions. */
export interface CrossWallet {
  balance: number;
  others: MarkedPosition[];
}

/**
 * The user's cross wallet: free USDT plus the margin its open cross positions hold, and those positions at
 * their mark; null while the free USDT is unknown, as a cross liquidation price cannot be reckoned without it.
 */
export function crossWallet(available: string | null, positions: readonly FuturesPositionRow[]): CrossWallet | null {
  if (available === null) return null;
  const open = positions.filter((row) => row.position_type === 'cross' && row.status === 'active');
  return {
    balance: toNumber(available) + open.reduce((sum, row) => sum + toNumber(row.margin), 0),
    others: open.map((row) => ({
      side: row.side,
      qty: toNumber(row.filled_amount),
      entryPrice: toNumber(row.entry_price),
      markPrice: toNumber(row.mark_price ?? row.entry_price),
    })),
  };
}

export interface PreviewInput {
  side: FuturesSide;
  mode: MarginMode;
  price: string;
  amount: string;
  leverage: number;
  cross: CrossWallet | null;
}

/**
 * Where the order would be liquidated, by the same function the server uses (@exchange/risk): isolated on
 * its own margin, cross on the whole wallet and the other positions. null until price and amount (and, for
 * cross, the wallet) are known.
 */
export function previewLiquidationPrice({ side, mode, price, amount, leverage, cross }: PreviewInput): number | null {
  const qty = toNumber(amount);
  const entryPrice = toNumber(price);
  if (!(qty > 0) || !(entryPrice > 0)) return null;
  if (mode === 'isolated') return isolatedLiquidationPrice({ side, qty, entryPrice, margin: toNumber(orderCost(price, amount, leverage)) });
  if (cross === null) return null;
  return crossLiquidationPrice({ walletBalance: cross.balance, position: { side, qty, entryPrice }, others: cross.others });
}
