export type Side = 'long' | 'short';

/** +1 for a long, −1 for a short: every formula of issue 14 is written with this sign. */
export function sideSign(side: Side): 1 | -1 {
  return side === 'long' ? 1 : -1;
}

export function initialMargin(notional: number, leverage: number): number {
  return notional / leverage;
}

/** Profit (positive) or loss of a position if it were closed at the mark price. */
export function unrealizedPnl(side: Side, qty: number, entryPrice: number, markPrice: number): number {
  return sideSign(side) * qty * (markPrice - entryPrice);
}

export interface IsolatedPosition {
  side: Side;
  qty: number;
  entryPrice: number;
  /** The isolated margin held for the position (its wallet balance, WB). */
  margin: number;
}

/**
 * The price at which the margin is exactly used up: EP − side × margin / Q. A close beyond it is a loss
 * the insurance fund pays. Never below 0, since a long with margin ≥ notional cannot go bankrupt.
 */
export function bankruptcyPrice({ side, qty, entryPrice, margin }: IsolatedPosition): number {
  return Math.max(0, entryPrice - (sideSign(side) * margin) / qty);
}

/** Return on margin in percent (pnl 300 on margin 3,000 → 10). 0 when there is no margin to relate to. */
export function returnPercentage(pnl: number, margin: number): number {
  return margin > 0 ? (pnl / margin) * 100 : 0;
}

/**
 * maintenance / equity: a position is liquidated when this reaches 1. With no equity left the ratio is
 * Infinity rather than a negative number, so "ratio ≥ 1" stays the single test.
 */
export function marginRatio(maintenance: number, equity: number): number {
  return equity > 0 ? maintenance / equity : Infinity;
}
