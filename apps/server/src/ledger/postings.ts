import { Dec } from '../shared/decimal.js';
import type { WalletKind } from './accounts.js';
import { ACCOUNT_CAPACITY, AMOUNT_SCALE } from './amounts.js';
import { LedgerInputError } from './errors.js';

/**
 * One balance: an owner (a user id or a `system:*` owner), an asset and a wallet. Made only by
 * `accountRef`, which gives each account exactly one object, so the ledger's maps are keyed by the
 * object: it looks accounts up several times per order, and building a key string each time showed
 * in profiles. A class with a private constructor, so a copy (`{ ...ref }`) is not an AccountRef.
 */
export class AccountRef {
  /** `owner|asset|wallet`, for messages. */
  readonly key: string;
  /** Makes the type nominal (no value at run time): an object literal or a spread copy is not an AccountRef. */
  private declare readonly nominal: never;

  private constructor(
    readonly owner: string,
    readonly asset: string,
    readonly wallet: WalletKind,
  ) {
    this.key = `${owner}|${asset}|${wallet}`;
  }

  /** wallet → owner → asset → the account's one object. Grows with the accounts in use, as the ledger's caches do. */
  private static readonly refs = new Map<WalletKind, Map<string, Map<string, AccountRef>>>();

  static of(owner: string, asset: string, wallet: WalletKind): AccountRef {
    let byOwner = AccountRef.refs.get(wallet);
    if (!byOwner) {
      byOwner = new Map();
      AccountRef.refs.set(wallet, byOwner);
    }
    let byAsset = byOwner.get(owner);
    if (!byAsset) {
      byAsset = new Map();
      byOwner.set(owner, byAsset);
    }
    let ref = byAsset.get(asset);
    if (!ref) {
      ref = new AccountRef(owner, asset, wallet);
      byAsset.set(asset, ref);
    }
    return ref;
  }
}

export const accountRef = (owner: string, asset: string, wallet: WalletKind): AccountRef => AccountRef.of(owner, asset, wallet);

/**
 * Money moved from an account's available balance to its locked one for a reason (an order, a
 * withdrawal, margin) and spent or given back later. `left` is what is still held; the ledger keeps
 * it in step with the database row, so its owner can keep the object between batches.
 */
export interface Hold {
  readonly id: string;
  readonly account: AccountRef;
  readonly reason: string;
  readonly ref: string | null;
  left: Dec;
  status: 'live' | 'released' | 'consumed';
}

/**
 * One side of a journal transaction. A positive amount credits the account's available balance, a
 * negative one debits it; with `hold`, the (negative) amount is spent from that live hold, that is
 * from the account's locked balance.
 */
export interface Leg {
  account: AccountRef;
  amount: Dec;
  hold?: Hold;
}

export interface Posting {
  /** What moved the money: 'transfer', 'demo_grant', 'spot_fill'... */
  kind: string;
  /** The user the transaction is about (shown in their history), if any. */
  userId: string | null;
  /** Id of the business record (transfer id, trade id...). */
  ref: string | null;
  legs: readonly Leg[];
}

/** A leg amount the NUMERIC(36, 18) columns can hold exactly, and no account's capacity can be passed by at once. */
function checkAmount(amount: Dec): void {
  if (!amount.isFinite() || amount.isZero() || amount.decimalPlaces() > AMOUNT_SCALE) {
    throw new LedgerInputError(`Invalid leg amount ${amount.toFixed()}`);
  }
  if (amount.abs().gt(ACCOUNT_CAPACITY)) throw new LedgerInputError(`Leg amount ${amount.toFixed()} is above an account's capacity`);
}

/**
 * Refuses a posting that is not balanced double entry: fewer than two legs, a zero or
 * over-precise amount, a credit paid from a hold, a hold leg on another account or larger than the
 * hold, or legs of an asset that do not sum to zero.
 */
export function validatePosting(p: Posting): void {
  if (p.legs.length < 2) throw new LedgerInputError('A journal transaction needs at least two legs');
  const sums = new Map<string, Dec>();
  const spent = new Map<Hold, Dec>();
  for (const leg of p.legs) {
    checkAmount(leg.amount);
    if (leg.hold) {
      if (leg.amount.gt(0)) throw new LedgerInputError('A leg paid from a hold must be a debit');
      if (leg.hold.status !== 'live') throw new LedgerInputError(`Hold ${leg.hold.id} is not live`);
      if (leg.hold.account !== leg.account) throw new LedgerInputError(`Hold ${leg.hold.id} belongs to another account`);
      const total = (spent.get(leg.hold) ?? new Dec(0)).minus(leg.amount);
      if (total.gt(leg.hold.left)) throw new LedgerInputError(`Hold ${leg.hold.id} holds less than ${total.toFixed()}`);
      spent.set(leg.hold, total);
    }
    sums.set(leg.account.asset, (sums.get(leg.account.asset) ?? new Dec(0)).plus(leg.amount));
  }
  for (const [asset, sum] of sums) {
    if (!sum.isZero()) throw new LedgerInputError(`Journal legs of ${asset} sum to ${sum.toFixed()}, not zero`);
  }
}
