import type { FuturesSide } from '@exchange/contract';
import { Dec } from '../../shared/decimal.js';
import { feeOf, sign, type PositionFigures } from './settlement.js';

/** A market order is an IOC limit this far through the best price (and a liquidation one this far through the mark). */
export const MARKET_SLIPPAGE = 0.05;
const ZERO = new Dec(0);

/**
 * The opening order's limit in ticks, and the price its margin is sized on: a market order goes
 * MARKET_SLIPPAGE through the touch (null: no touch, no liquidity); a short limit below the bid sells
 * at the bid, so its margin is sized on the better price.
 */
export function openLimit(
  side: FuturesSide,
  book: { bid: number | null; ask: number | null },
  limitPriceTicks: number | null,
): { limitTicks: number; boundTicks: number } | null {
  const buys = side === 'long';
  if (limitPriceTicks === null) {
    const touch = buys ? book.ask : book.bid;
    if (touch === null) return null;
    const limitTicks = buys ? Math.ceil(touch * (1 + MARKET_SLIPPAGE)) : Math.max(1, Math.floor(touch * (1 - MARKET_SLIPPAGE)));
    return { limitTicks, boundTicks: buys ? limitTicks : touch };
  }
  return { limitTicks: limitPriceTicks, boundTicks: buys ? limitPriceTicks : Math.max(limitPriceTicks, book.bid ?? limitPriceTicks) };
}

/** The limit of a closing IOC order: MARKET_SLIPPAGE through the touch, never below one tick. */
export function closeLimitTicks(side: FuturesSide, touch: number): number {
  return side === 'long' ? Math.max(1, Math.floor(touch * (1 - MARKET_SLIPPAGE))) : Math.ceil(touch * (1 + MARKET_SLIPPAGE));
}

/** The bankruptcy price in ticks, rounded on the grid toward the user: what is left of the margin is never negative. */
export function bankruptcyTicks(p: PositionFigures, tickSize: string): number {
  const s = sign(p.side);
  const exact = p.cost.minus(p.margin.mul(s)).div(p.qty);
  return Math.max(1, s > 0 ? Math.ceil(exact.div(tickSize).toNumber()) : Math.floor(exact.div(tickSize).toNumber()));
}

/**
 * The limit of a liquidation order: MARKET_SLIPPAGE through the mark, but never further than the
 * price at which the margin and `cover` (the insurance fund, and for cross margin the rest of the
 * wallet) together still pay the loss and fee (with nothing to cover, the bankruptcy price), so the
 * fund is never asked for more than it has. Null when even the touch is past that price: nothing
 * goes through the book.
 */
export function liquidationLimitTicks(p: PositionFigures, mark: Dec, cover: Dec, feeRate: Dec, tickSize: string, touch: number | null): number | null {
  const long = p.side === 'long';
  const tick = new Dec(tickSize);
  const band = mark.mul(long ? 1 - MARKET_SLIPPAGE : 1 + MARKET_SLIPPAGE);
  // The fee is bounded by its value at the band's far side (at most the mark plus the slippage).
  const feeBound = feeOf(mark.mul(1 + MARKET_SLIPPAGE).mul(p.qty), feeRate);
  const paid = p.margin.plus(Dec.max(cover, ZERO)).minus(feeBound);
  const covered = long ? p.cost.minus(paid).div(p.qty) : p.cost.plus(paid).div(p.qty);
  const limit = long ? Dec.max(band, covered) : Dec.min(band, covered);
  const ticks = long ? limit.div(tick).ceil().toNumber() : limit.div(tick).floor().toNumber();
  if (ticks < 1) return long ? 1 : null;
  if (touch === null || (long ? touch < ticks : touch > ticks)) return null;
  return ticks;
}

/**
 * What one funding time moves for a position owing `owed` (signed: positive pays): a payer pays at
 * most its margin, rounded up; a receiver gets it rounded down.
 */
export function fundingTransfer(owed: Dec, margin: Dec): { paid: Dec; got: Dec } {
  if (owed.gt(0)) return { paid: Dec.min(owed.toDecimalPlaces(18, Dec.ROUND_UP), margin), got: ZERO };
  return { paid: ZERO, got: owed.neg().toDecimalPlaces(18, Dec.ROUND_DOWN) };
}
