import { sideSign, type Side } from './position-math.js';

/** A one-way (net) position: its side, size and average entry. */
export interface NetHolding {
  side: Side;
  qty: number;
  entryPrice: number;
}

/** How one fill splits against a net position: what it closes of the opposite side and what it opens. */
export interface NetSplit {
  /** What the fill closes of a position on the other side. */
  closeQty: number;
  /** What is left to open (or add) on the fill's own side. */
  openQty: number;
}

/**
 * The split of a fill of `qty` on `side` (buy = long, sell = short) in one-way mode: it first
 * reduces a position on the other side, at most all of it, and opens the rest on its own side.
 */
export function netSplit(position: NetHolding | null, side: Side, qty: number): NetSplit {
  if (position === null || position.side === side || position.qty <= 0) return { closeQty: 0, openQty: qty };
  const closeQty = Math.min(qty, position.qty);
  return { closeQty, openQty: qty - closeQty };
}

/** A net position after a fill, and the profit or loss (before fees) realised on the part it closed. */
export interface NetFillResult {
  position: NetHolding | null;
  closedQty: number;
  realizedPnl: number;
}

/**
 * One fill on a net position: it adds at the size-weighted average entry, or reduces the position
 * and realises side × closed × (price − entry); past the position's size it flips it, the rest
 * opened at the fill price.
 */
export function netFill(position: NetHolding | null, side: Side, price: number, qty: number): NetFillResult {
  const { closeQty, openQty } = netSplit(position, side, qty);
  if (position !== null && closeQty > 0) {
    const realizedPnl = sideSign(position.side) * closeQty * (price - position.entryPrice);
    const left = position.qty - closeQty;
    if (left > 0) return { position: { ...position, qty: left }, closedQty: closeQty, realizedPnl };
    return { position: openQty > 0 ? { side, qty: openQty, entryPrice: price } : null, closedQty: closeQty, realizedPnl };
  }
  if (position === null || position.qty <= 0) return { position: { side, qty: openQty, entryPrice: price }, closedQty: 0, realizedPnl: 0 };
  const total = position.qty + openQty;
  return { position: { side, qty: total, entryPrice: (position.qty * position.entryPrice + openQty * price) / total }, closedQty: 0, realizedPnl: 0 };
}
