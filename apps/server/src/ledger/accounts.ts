import type { Queryable } from '../db/database.js';

export type WalletKind = 'spot' | 'futures' | 'funding';

/**
 * The kernel's owners that are not users: the sign-up grant, the fees, the simulated market. A
 * product declares its own (kernel/product.ts); their accounts balance the users' ones in every
 * journal transaction.
 */
export const systemOwners = {
  demoGrant: 'system:demo-grant',
  fees: 'system:fees',
  /** Resting quotes of the simulated market (src/market). */
  marketMaker: 'system:market-maker',
  /** The simulated market's crossing orders; not the maker, so self-trade prevention leaves them alone. */
  marketFlow: 'system:market-flow',
} as const;

/** An owner that is not a user, as a product declares it (kernel/product.ts). */
export interface SystemAccount {
  owner: string;
  /**
   * A source of money entering the exchange (its balance is minus what it issued), or an account
   * whose balance is what others owe each other (futures clearing, funding, insurance): its
   * balance may go below zero.
   */
  mayGoNegative: boolean;
  /** Its balances are a size an operator watches (the insurance fund, a desk's inventory): `ledger:check` prints them. */
  reported?: boolean;
}

/**
 * Owners whose balances may go negative: the demo grant, which issues the sign-up money, and the
 * simulated market's liquidity, which has unlimited inventory (docs/decisions.md, "market maker
 * inventory"); then each product's own (useSystemAccounts).
 */
const negativeOwners = new Set<string>([systemOwners.demoGrant, systemOwners.marketMaker, systemOwners.marketFlow]);

/** Adds the products' system accounts; the ledger opens with them (kernel/open-ledger.ts), before its first posting. */
export function useSystemAccounts(accounts: readonly SystemAccount[]): void {
  for (const a of accounts) if (a.mayGoNegative) negativeOwners.add(a.owner);
}

export function allowsNegative(owner: string): boolean {
  return negativeOwners.has(owner);
}

export function isSystemOwner(owner: string): boolean {
  return owner.startsWith('system:');
}

export interface BalanceRow {
  asset: string;
  wallet: WalletKind;
  available: string;
  locked: string;
}

/** Every account of one owner, as stored (decimal strings). */
export async function balancesOf(q: Queryable, owner: string): Promise<BalanceRow[]> {
  const res = await q.query<BalanceRow>(
    `SELECT asset, wallet, available::text AS available, locked::text AS locked
     FROM ledger_accounts WHERE owner = $1 ORDER BY asset, wallet`,
    [owner],
  );
  return res.rows;
}

/** One user's balance of one asset over their spot, futures and funding wallets, available plus locked. */
export interface UserAssetBalance {
  userId: string;
  asset: string;
  balance: string;
}

/**
 * Every user's non-zero balance per asset (system owners left out), for the proof of reserves'
 * snapshot; read it inside the snapshot's transaction so it agrees with `userTotals`.
 */
export async function userBalances(q: Queryable): Promise<UserAssetBalance[]> {
  const res = await q.query<UserAssetBalance>(
    `SELECT owner AS "userId", asset, SUM(available + locked)::text AS balance FROM ledger_accounts
     WHERE owner NOT LIKE 'system:%' GROUP BY owner, asset HAVING SUM(available + locked) <> 0`,
  );
  return res.rows;
}

/** The users' total per asset, system owners left out: what the exchange owes its users in the ledger. */
export async function userTotals(q: Queryable): Promise<Map<string, string>> {
  const res = await q.query<{ asset: string; total: string }>(
    `SELECT asset, SUM(available + locked)::text AS total FROM ledger_accounts WHERE owner NOT LIKE 'system:%' GROUP BY asset`,
  );
  return new Map(res.rows.map((r) => [r.asset, r.total]));
}
