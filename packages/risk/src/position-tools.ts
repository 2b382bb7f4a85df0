import { sideSign, unrealizedPnl, type Side } from './position-math.js';
import { maxLeverageFor } from './tiers.js';

/**
 * The most leverage a position may use: the contract's maximum, capped by the tier its notional falls
 * in (a bigger position needs a lower leverage, as on OKX and Binance).
 */
export function leverageCap(contractMax: number, notional: number): number {
  return Math.min(contractMax, maxLeverageFor(notional));
}

export interface MarginedPosition {
  side: Side;
  qty: number;
  entryPrice: number;
  leverage: number;
}

/**
 * What an isolated position must keep when margin is removed: its initial margin at entry
 * (notional at entry / leverage) plus its unrealised loss at the mark. A profit does not count,
 * so removing margin never leaves less than opening the position needed.
 */
export function minimumIsolatedMargin(p: MarginedPosition, markPrice: number): number {
  const initial = (p.qty * p.entryPrice) / p.leverage;
  const loss = Math.max(0, -unrealizedPnl(p.side, p.qty, p.entryPrice, markPrice));
  return initial + loss;
}

/** What can be removed from an isolated position's margin now (never below 0). */
export function maxRemovableMargin(p: MarginedPosition & { margin: number }, markPrice: number): number {
  return Math.max(0, p.margin - minimumIsolatedMargin(p, markPrice));
}

/** Which trigger a price reached: a take-profit above (long) or below (short) it, a stop-loss the other way. */
export function triggerReached(side: Side, takeProfit: number | null, stopLoss: number | null, price: number): 'tp' | 'sl' | null {
  const s = sideSign(side);
  if (takeProfit !== null && s * (price - takeProfit) >= 0) return 'tp';
  if (stopLoss !== null && s * (stopLoss - price) >= 0) return 'sl';
  return null;
}

/**
 * Whether take-profit and stop-loss prices are on the right side of the current price: a long's
 * take-profit above it and stop-loss below it, a short's the other way. A trigger set on the wrong
 * side would fire at once.
 */
export function triggerSideError(side: Side, takeProfit: number | null, stopLoss: number | null, price: number): 'tp' | 'sl' | null {
  const s = sideSign(side);
  if (takeProfit !== null && s * (takeProfit - price) <= 0) return 'tp';
  if (stopLoss !== null && s * (price - stopLoss) <= 0) return 'sl';
  return null;
}
