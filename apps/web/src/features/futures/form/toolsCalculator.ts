import { initialMargin, isolatedLiquidationPrice, returnPercentage, unrealizedPnl } from '@exchange/risk';
import type { FuturesSide } from '@exchange/contract';
import { toNumber } from '../../../shared/format/number';

export interface CalculatorInput {
  side: FuturesSide;
  leverage: number;
  entry: string;
  exit: string;
  amount: string;
}

export interface CalculatorResult {
  margin: number;
  /** Profit or loss at the exit price, and its return on the margin; null without an exit price. */
  pnl: number | null;
  returnPercent: number | null;
  liquidationPrice: number;
}

/** The Tools tab's figures for an isolated position, by the server's own functions (@exchange/risk); null until entry and amount are set. */
export function calculate({ side, leverage, entry, exit, amount }: CalculatorInput): CalculatorResult | null {
  const qty = toNumber(amount);
  const entryPrice = toNumber(entry);
  if (!(qty > 0) || !(entryPrice > 0)) return null;
  const margin = initialMargin(qty * entryPrice, leverage);
  const exitPrice = toNumber(exit);
  const pnl = exitPrice > 0 ? unrealizedPnl(side, qty, entryPrice, exitPrice) : null;
  return {
    margin,
    pnl,
    returnPercent: pnl === null ? null : returnPercentage(pnl, margin),
    liquidationPrice: isolatedLiquidationPrice({ side, qty, entryPrice, margin }),
  };
}
