import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/database.js';

export type WalletKind = 'spot' | 'futures' | 'funding';
export const walletKinds: readonly WalletKind[] = ['spot', 'futures', 'funding'];

/** Owners that are not users. Their accounts balance the users' ones in every journal transaction. */
export const systemOwners = {
  demoGrant: 'system:demo-grant',
  fees: 'system:fees',
  marketMaker: 'system:market-maker',
  deposits: 'system:deposits',
  withdrawals: 'system:withdrawals',
  insurance: 'system:insurance',
} as const;

/** Sources of money entering the exchange: their balance is the negative of what they issued. */
const negativeOwners = new Set<string>([systemOwners.demoGrant, systemOwners.deposits]);

export interface AccountKey {
  /** A user id (uuid) or one of systemOwners. */
  owner: string;
  asset: string;
  wallet: WalletKind;
}

export function isSystemOwner(owner: string): boolean {
  return owner.startsWith('system:');
}

/** The account's id, creating it on first use. Concurrent creators converge on one row. */
export async function ensureAccount(q: Queryable, key: AccountKey): Promise<string> {
  const inserted = await q.query<{ id: string }>(
    `INSERT INTO ledger_accounts (id, owner, asset, wallet, allow_negative) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (owner, asset, wallet) DO NOTHING RETURNING id`,
    [randomUUID(), key.owner, key.asset, key.wallet, negativeOwners.has(key.owner)],
  );
  if (inserted.rows[0]) return inserted.rows[0].id;
  const found = await q.query<{ id: string }>(
    'SELECT id FROM ledger_accounts WHERE owner = $1 AND asset = $2 AND wallet = $3',
    [key.owner, key.asset, key.wallet],
  );
  const id = found.rows[0]?.id;
  if (!id) throw new Error('ledger account vanished after conflict');
  return id;
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
