import { sideSign, unrealizedPnl, type IsolatedPosition, type Side } from './position-math.js';
import { MARGIN_TIERS, maintenanceMargin, tierFor, type MarginTier } from './tiers.js';

/**
 * The price P at which balance + side × Q × (P − EP) = Q × P × MMR − cum, for one tier:
 * LP = (WB + cum − side × Q × EP) / (Q × MMR − side × Q).
 */
function priceInTier(side: Side, qty: number, entryPrice: number, balance: number, tier: MarginTier): number {
  const s = sideSign(side);
  return (balance + tier.cum - s * qty * entryPrice) / (qty * tier.mmr - s * qty);
}

/**
 * Solves in the tier of the entry notional, then again in the tier where Q × LP actually falls, until
 * the tier no longer changes. The maintenance margin is continuous and convex in the notional (that is
 * what cum is for), so equity − maintenance has a single root and the steps move towards its tier: at
 * most one step per tier. The bound only guards against a float landing on a boundary back and forth,
 * where both tiers give the same price.
 */
function solve(side: Side, qty: number, entryPrice: number, balance: number): number {
  if (!(qty > 0)) throw new RangeError(`quantity must be positive, got ${qty}`);
  let tier = tierFor(qty * entryPrice);
  let price = 0;
  for (let step = 0; step <= MARGIN_TIERS.length; step++) {
    // A long that cannot be liquidated at any positive price gets 0: the mark never reaches it.
    price = Math.max(0, priceInTier(side, qty, entryPrice, balance, tier));
    const next = tierFor(qty * price);
    if (next === tier) break;
    tier = next;
  }
  return price;
}

/** Liquidation price of an isolated position: its own margin is all it can lose. */
export function isolatedLiquidationPrice(position: IsolatedPosition): number {
  return solve(position.side, position.qty, position.entryPrice, position.margin);
}

/** Margin plus unrealised profit at a price: what the isolated position would still own. */
export function isolatedEquityAt(position: IsolatedPosition, price: number): number {
  return position.margin + unrealizedPnl(position.side, position.qty, position.entryPrice, price);
}

export interface OpenPosition {
  side: Side;
  qty: number;
  entryPrice: number;
}

export interface MarkedPosition extends OpenPosition {
  markPrice: number;
}

export interface CrossAccount {
  /** The cross wallet's balance, margin of its positions included, unrealised profit excluded. */
  walletBalance: number;
  /** The position whose liquidation price is asked for. */
  position: OpenPosition;
  /** The wallet's other cross positions (other contracts), held at their current mark. */
  others: readonly MarkedPosition[];
}

/** Cross equity when this position's contract is at `price`: wallet + every unrealised profit. */
export function crossEquityAt(account: CrossAccount, price: number): number {
  const { walletBalance, position: p, others } = account;
  let equity = walletBalance + unrealizedPnl(p.side, p.qty, p.entryPrice, price);
  for (const o of others) equity += unrealizedPnl(o.side, o.qty, o.entryPrice, o.markPrice);
  return equity;
}

/** Cross maintenance when this position's contract is at `price`, each position in its own tier. */
export function crossMaintenanceAt(account: CrossAccount, price: number): number {
  const { position: p, others } = account;
  let maintenance = maintenanceMargin(p.qty * price);
  for (const o of others) maintenance += maintenanceMargin(o.qty * o.markPrice);
  return maintenance;
}

/**
 * The price of this position's contract at which cross equity equals cross maintenance, the others
 * held at their mark. Their profit and maintenance are constants then, so this is the isolated formula
 * with WB = wallet + others' unrealised profit − others' maintenance.
 */
export function crossLiquidationPrice(account: CrossAccount): number {
  const { walletBalance, position: p, others } = account;
  let balance = walletBalance;
  for (const o of others) {
    balance += unrealizedPnl(o.side, o.qty, o.entryPrice, o.markPrice) - maintenanceMargin(o.qty * o.markPrice);
  }
  return solve(p.side, p.qty, p.entryPrice, balance);
}
