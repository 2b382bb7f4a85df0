import { Dec } from '../../shared/decimal.js';

/** A book level as decimals: price in USDT, quantity in the coin. */
export interface Level {
  price: Dec;
  qty: Dec;
}

/** Decimals a converted amount carries: what every wallet shows (spec 2 §9 balances up to 8). */
export const CONVERTED_DECIMALS = 8;

export interface Fill {
  /** What the amount buys (coins for USDT, USDT for coins), rounded down to CONVERTED_DECIMALS. */
  out: Dec;
  /** The coins the desk must trade to hedge it. */
  coins: Dec;
}

/**
 * What `amount` really fills on the book, walked level by level from the best price: USDT spent on
 * the asks when buying the coin, coins sold into the bids when selling it. Null when the visible
 * book cannot take it all. Rounded down: the user never gets more than the book gives the desk.
 */
export function walkBook(levels: readonly Level[], buyingCoin: boolean, amount: Dec): Fill | null {
  let left = amount;
  let out = new Dec(0);
  let coins = new Dec(0);
  for (const { price, qty } of levels) {
    if (left.lte(0)) break;
    if (buyingCoin) {
      const cost = price.mul(qty);
      const take = Dec.min(cost, left);
      const got = take.eq(cost) ? qty : take.div(price);
      out = out.plus(got);
      coins = coins.plus(got);
      left = left.minus(take);
    } else {
      const take = Dec.min(qty, left);
      out = out.plus(take.mul(price));
      coins = coins.plus(take);
      left = left.minus(take);
    }
  }
  if (left.gt(0)) return null;
  return { out: out.toDecimalPlaces(CONVERTED_DECIMALS, Dec.ROUND_DOWN), coins };
}

/** Rate of a conversion: how much `to` one `from` gets, and the inverse, to 12 significant places. */
export function rates(amount: Dec, out: Dec): { rate: Dec; inverse: Dec } {
  return { rate: out.div(amount).toSignificantDigits(12, Dec.ROUND_DOWN), inverse: amount.div(out).toSignificantDigits(12, Dec.ROUND_UP) };
}

/** Whether a client's converted amount (from the coin list's price) is within `tolerance` of the live quote. */
export function withinTolerance(claimed: Dec, quoted: Dec, tolerance: number): boolean {
  if (quoted.lte(0)) return false;
  return claimed.minus(quoted).abs().div(quoted).lte(tolerance);
}
