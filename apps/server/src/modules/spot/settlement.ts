import { SPOT_FEE_RATE } from '@exchange/contract';
import { systemOwners } from '../../ledger/accounts.js';
import { accountRef, type AccountRef, type Hold, type Leg } from '../../ledger/postings.js';
import { QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import { invariant } from '../../shared/invariant.js';

/** The rate of every fill before an administrator changes a tier's (issue 43). */
export const SPOT_FEE = new Dec(SPOT_FEE_RATE);

/** The rate a user's fill pays, as a fraction of what they receive. */
export type FeeRateOf = (userId: string, role: 'maker' | 'taker') => Dec;

/** The spot rates of the users' fee tiers, as the order service asks them. */
export interface SpotFees {
  rate: FeeRateOf;
  /** Works the user's tier out before their order goes in. */
  learn(userId: string): Promise<void>;
}

/** One side of a trade: its owner, and for a user's order the hold it pays from. */
export interface Party {
  owner: string;
  /** null for the simulated market's orders: they trade from available, without fee. */
  hold: Hold | null;
  /** The rate of the user's tier for this side; SPOT_FEE without one. */
  feeRate?: Dec;
}

/** What one side of a trade got and paid, for its order's running totals and its fill row. */
export interface SideResult {
  role: 'maker' | 'taker';
  party: Party;
  buys: boolean;
  qty: Dec;
  quote: Dec;
  fee: Dec;
  feeAsset: string;
}

const spot = (owner: string, asset: string): AccountRef => accountRef(owner, asset, 'spot');

/**
 * The legs of one trade of `qty` base at `price` (decimal strings). A user pays from the order's
 * hold (quote for a buyer, base for a seller) and receives the other asset minus the fee
 * (the maker or taker rate of the user's fee tier, SPOT_FEE_RATE by default), which goes to system:fees: a buyer pays it in base, a seller in quote, so a buy
 * holds exactly price × amount. The simulated market's orders pay and receive on available, with no
 * fee. The legs of each asset sum to zero.
 */
export function settleTrade(
  trade: { price: string; qty: string; takerSide: 'buy' | 'sell' },
  base: string,
  maker: Party,
  taker: Party,
): { legs: Leg[]; sides: SideResult[] } {
  const qty = new Dec(trade.qty);
  const quote = qty.mul(trade.price);
  const legs: Leg[] = [];
  const sides: SideResult[] = [];
  const add = (account: AccountRef, amount: Dec, hold?: Hold) => {
    if (!amount.isZero()) legs.push(hold ? { account, amount, hold } : { account, amount });
  };
  for (const [role, party] of [['maker', maker], ['taker', taker]] as const) {
    const buys = (role === 'taker') === (trade.takerSide === 'buy');
    const pays = buys ? QUOTE_ASSET : base;
    const gets = buys ? base : QUOTE_ASSET;
    const paid = buys ? quote : qty;
    const got = buys ? qty : quote;
    if (!party.hold) {
      add(spot(party.owner, pays), paid.neg());
      add(spot(party.owner, gets), got);
      sides.push({ role, party, buys, qty, quote, fee: new Dec(0), feeAsset: gets });
      continue;
    }
    const fee = got.mul(party.feeRate ?? SPOT_FEE);
    add(spot(party.owner, pays), paid.neg(), party.hold);
    add(spot(party.owner, gets), got.minus(fee));
    add(spot(systemOwners.fees, gets), fee);
    sides.push({ role, party, buys, qty, quote, fee, feeAsset: gets });
  }
  assertTradeConserves(legs, base, qty, quote);
  return { legs, sides };
}

/**
 * A trade takes exactly `qty` of base from its seller and `quote` from its buyer: per asset, its
 * debits are the amount traded, and (validatePosting holding each asset's legs to a zero sum) so are
 * its credits, fees included. A zero sum alone would pass a trade that moved the wrong amount, or
 * took a fee larger than what it was taken from.
 */
export function assertTradeConserves(legs: readonly Leg[], base: string, qty: Dec, quote: Dec): void {
  let paidBase: Dec | null = null;
  let paidQuote: Dec | null = null;
  for (const leg of legs) {
    const asset = leg.account.asset;
    invariant(asset === base || asset === QUOTE_ASSET, () => `a ${base} trade has a leg in ${asset}`);
    if (!leg.amount.isNeg()) continue;
    if (asset === base) paidBase = paidBase === null ? leg.amount : paidBase.plus(leg.amount);
    else paidQuote = paidQuote === null ? leg.amount : paidQuote.plus(leg.amount);
  }
  const baseOut = paidBase === null ? new Dec(0) : paidBase.neg();
  const quoteOut = paidQuote === null ? new Dec(0) : paidQuote.neg();
  invariant(baseOut.eq(qty), () => `a trade of ${qty.toFixed()} ${base} debits ${baseOut.toFixed()}`);
  invariant(quoteOut.eq(quote), () => `a trade of ${quote.toFixed()} ${QUOTE_ASSET} debits ${quoteOut.toFixed()}`);
}
