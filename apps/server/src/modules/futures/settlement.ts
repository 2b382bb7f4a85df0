import { FUTURES_FEE_RATE } from '@exchange/contract';
import { systemOwners } from '../../ledger/accounts.js';
import { AMOUNT_SCALE } from '../../ledger/amounts.js';
import { accountRef, type AccountRef, type Hold, type Leg } from '../../ledger/postings.js';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import { invariant } from '../../shared/invariant.js';

/** The rate of every futures fill before an administrator changes a tier's (issue 43). */
export const FUTURES_FEE = new Dec(FUTURES_FEE_RATE);
const ZERO = new Dec(0);
/** The rate of the fills that pay no fee: a deleveraging's, a delivery's. */
export const NO_FEE = ZERO;

/** The rate a user's futures fill pays, as a fraction of its notional: their tier's maker or taker rate. */
export type FuturesFeeRateOf = (userId: string, role: 'maker' | 'taker') => Dec;

/** The futures rates of the users' fee tiers, as the futures service asks them (fee-tier/schedule.ts). */
export interface FuturesFees {
  futuresRate: FuturesFeeRateOf;
  /** The most a user's fill may pay: what an opening order's hold reserves. */
  futuresReserve(userId: string): Dec;
  /** Works the user's tier out before their order goes in (the batch cannot wait for the database). */
  learn(userId: string): Promise<void>;
}

export const futuresUsdt = (owner: string): AccountRef => accountRef(owner, QUOTE_ASSET, 'futures');
/**
 * Every realised profit and loss is paid to or from this account, so that per contract its balance
 * is minus the open positions' signed cost (docs/futures.md, "Clearing"): `ledger:check` holds that.
 */
export const CLEARING_OWNER = 'system:futures-clearing';
export const INSURANCE_OWNER = 'system:insurance';
/** Funding payments go through it; it keeps the rounding of each payment (a few 10⁻¹⁸ USDT). */
export const FUNDING_POOL_OWNER = 'system:funding-pool';
export const CLEARING = futuresUsdt(CLEARING_OWNER);
export const INSURANCE = futuresUsdt(INSURANCE_OWNER);
export const FEES = futuresUsdt(systemOwners.fees);
export const FUNDING_POOL = futuresUsdt(FUNDING_POOL_OWNER);

/** Rounds a money amount to what the ledger stores. */
export const money = (v: Dec): Dec => v.toDecimalPlaces(AMOUNT_SCALE, Dec.ROUND_HALF_UP);
/** Rounds up: what a user must have to pay. */
export const moneyUp = (v: Dec): Dec => v.toDecimalPlaces(AMOUNT_SCALE, Dec.ROUND_UP);

export const sign = (side: 'long' | 'short'): 1 | -1 => (side === 'long' ? 1 : -1);

/** Collects legs, dropping zero amounts, merging nothing: the ledger checks the sum. */
export class Legs {
  readonly list: Leg[] = [];

  add(account: AccountRef, amount: Dec, hold?: Hold): void {
    if (amount.isZero()) return;
    this.list.push(hold ? { account, amount, hold } : { account, amount });
  }
}

/** A position's running figures the settlement changes. */
export interface PositionFigures {
  side: 'long' | 'short';
  /** Open contracts in the coin. */
  qty: Dec;
  /** Σ fill price × qty of what is open: exact, so the clearing invariant holds to the last digit. */
  cost: Dec;
  /** Margin of what is open (isolated): held in `hold`. */
  margin: Dec;
}

/**
 * An opening fill of `qty` at `price` added to a position: its cost grows by the exact price × qty,
 * so the entry price, cost / qty, is the size-weighted average of every fill still open.
 */
export function addToPosition(p: PositionFigures, price: Dec, qty: Dec): void {
  invariant(qty.gt(0) && price.gt(0), () => `an opening fill of ${qty.toFixed()} at ${price.toFixed()}`);
  p.qty = p.qty.plus(qty);
  p.cost = p.cost.plus(price.mul(qty));
}

/** The average entry price of what is open (null when flat). */
export function averageEntry(p: PositionFigures): Dec | null {
  return p.qty.isZero() ? null : p.cost.div(p.qty);
}

/** What one reducing fill did to a position. */
export interface CloseResult {
  qty: Dec;
  costShare: Dec;
  marginShare: Dec;
  pnl: Dec;
  fee: Dec;
  /** What the user gets back (margin + pnl − fee), never below 0. */
  returned: Dec;
  /** What the margin (and for cross, the wallet) could not pay: paid by the insurance fund. */
  shortfall: Dec;
  /** Liquidation: what is left of the margin goes to the insurance fund, not to the user. */
  toInsurance: Dec;
}

/**
 * Legs of an opening fill of `qty` at `price` paid from the order's hold: only the fee (`feeRate` of
 * the notional) moves, to system:fees; the margin stays held. Returns the fee.
 */
export function openFill(legs: Legs, owner: string, hold: Hold, price: Dec, qty: Dec, feeRate: Dec): Dec {
  // Rounded down, like each fill's margin: the hold was sized rounded up on the whole order at a rate
  // no lower than `feeRate`, so the fills of one order never take more from it than it holds.
  const fee = price.mul(qty).mul(feeRate).toDecimalPlaces(AMOUNT_SCALE, Dec.ROUND_DOWN);
  if (fee.gt(0)) {
    legs.add(futuresUsdt(owner), fee.neg(), hold);
    legs.add(FEES, fee);
  }
  return fee;
}

/**
 * Legs of a fill that reduces a user's position by `qty` at `price`: its share of cost and margin
 * (the last fill takes what is left, so nothing is lost to rounding), the profit or loss against the
 * clearing account, the fee (`feeRate` of the notional, 0 for a deleveraging or a delivery), and what goes back to the wallet. A liquidation hands what is left of
 * the margin to the insurance fund; a loss beyond the margin is paid by the fund, never by the user.
 */
export function closeFill(
  legs: Legs,
  owner: string,
  hold: Hold,
  p: PositionFigures,
  price: Dec,
  qty: Dec,
  opts: { liquidation: boolean; feeRate: Dec; walletCover?: Dec },
): CloseResult {
  // Closing more than is open would flip the position's side without margin behind it.
  invariant(qty.gt(0) && qty.lte(p.qty), () => `a close of ${qty.toFixed()} on a position of ${p.qty.toFixed()}`);
  const all = qty.eq(p.qty);
  const costShare = all ? p.cost : money(p.cost.mul(qty).div(p.qty));
  const marginShare = all ? p.margin : money(p.margin.mul(qty).div(p.qty));
  const pnl = money(price.mul(qty).minus(costShare).mul(sign(p.side)));
  const fee = feeOf(price.mul(qty), opts.feeRate);
  const net = marginShare.plus(pnl).minus(fee);
  const account = futuresUsdt(owner);
  legs.add(account, marginShare.neg(), hold);
  legs.add(CLEARING, pnl.neg());
  legs.add(FEES, fee);
  let returned = ZERO;
  let shortfall = ZERO;
  let toInsurance = ZERO;
  if (net.lt(0)) {
    // Cross margin: the rest of the futures wallet pays first, the insurance fund what it cannot.
    const fromWallet = Dec.min(net.neg(), Dec.max(opts.walletCover ?? ZERO, ZERO));
    legs.add(account, fromWallet.neg());
    shortfall = net.neg().minus(fromWallet);
    legs.add(INSURANCE, shortfall.neg());
  } else if (opts.liquidation) {
    toInsurance = net;
    legs.add(INSURANCE, net);
  } else {
    returned = net;
    legs.add(account, net);
  }
  p.qty = p.qty.minus(qty);
  p.cost = p.cost.minus(costShare);
  p.margin = p.margin.minus(marginShare);
  checkFigures(p);
  return { qty, costShare, marginShare, pnl, fee, returned, shortfall, toInsurance };
}

/**
 * What a user's position may never be: negative in size or margin (margin paid out that the hold
 * does not have), or closed with cost or margin left on it, which would stay in the clearing account
 * or the hold for ever (`futures_clearing_matches_positions`).
 */
export function checkFigures(p: PositionFigures): void {
  invariant(p.qty.gte(0) && p.margin.gte(0), () => `a position of ${p.qty.toFixed()} with margin ${p.margin.toFixed()}`);
  invariant(!p.qty.isZero() || (p.cost.isZero() && p.margin.isZero()), () => `a closed position keeps cost ${p.cost.toFixed()} and margin ${p.margin.toFixed()}`);
}

/** The simulated market's net position on one contract: signed quantity and the cost of it. */
export interface NetPosition {
  qty: Dec;
  cost: Dec;
}

/**
 * A fill of the simulated market's (netted, no margin, no fee): the part that reduces its position
 * realises profit or loss between its futures account and the clearing account; the rest opens.
 */
export function systemFill(legs: Legs, owner: string, net: NetPosition, buys: boolean, price: Dec, qty: Dec): void {
  let left = qty;
  const reducing = !net.qty.isZero() && net.qty.gt(0) !== buys;
  if (reducing) {
    const open = net.qty.abs();
    const r = Dec.min(open, left);
    const costShare = r.eq(open) ? net.cost : money(net.cost.mul(r).div(open));
    const pnl = money(price.mul(r).minus(costShare).mul(net.qty.gt(0) ? 1 : -1));
    legs.add(futuresUsdt(owner), pnl);
    legs.add(CLEARING, pnl.neg());
    net.qty = buys ? net.qty.plus(r) : net.qty.minus(r);
    net.cost = net.cost.minus(costShare);
    left = left.minus(r);
  }
  if (left.gt(0)) {
    net.qty = buys ? net.qty.plus(left) : net.qty.minus(left);
    net.cost = net.cost.plus(price.mul(left));
  }
}

/**
 * One-way mode: a fill of `qty` against an open position of `opposite` on the other side closes at
 * most all of it and opens the rest on its own side (@exchange/risk's netSplit, exact in decimals).
 */
export function netSplit(opposite: Dec, qty: Dec): { closeQty: Dec; openQty: Dec } {
  const closeQty = Dec.min(Dec.max(opposite, ZERO), qty);
  return { closeQty, openQty: qty.minus(closeQty) };
}

/** Margin of `notional` at `leverage`, rounded up so the position is never under-margined by rounding. */
export function marginOf(notional: Dec, leverage: number): Dec {
  return moneyUp(notional.div(leverage));
}

/** Margin of one opening fill, rounded down (see openFill). */
export function fillMargin(notional: Dec, leverage: number): Dec {
  return notional.div(leverage).toDecimalPlaces(AMOUNT_SCALE, Dec.ROUND_DOWN);
}

/** Fee of `notional` at `rate`, rounded up. */
export function feeOf(notional: Dec, rate: Dec): Dec {
  return moneyUp(notional.mul(rate));
}
