import { randomBytes } from 'node:crypto';
import { formatUnits, toUnits, type LeafInput } from '@exchange/contract/reserves';
import type { Database } from '../../db/database.js';
import { userBalances, userTotals } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';
import { invariant } from '../../shared/invariant.js';
import { earnPrincipalsByUser } from '../earn/index.js';

/** What the users are owed at one instant: the tree's rows and the ledger's own totals beside them. */
export interface Liabilities {
  assets: string[];
  rows: LeafInput[];
  /** Per asset, the ledger's user totals plus the Earn principal, summed by the database on its own. */
  ledgerTotals: Map<string, Dec>;
}

/**
 * Reads every user's balances in one REPEATABLE READ transaction: the ledger's wallets and the
 * Earn principal from the same snapshot of the database, so money moving between them meanwhile
 * (a subscription, a transfer) is counted once, and the sums agree with the ledger's totals.
 */
export async function readLiabilities(db: Database): Promise<Liabilities> {
  const tx = await db.begin();
  let balances, totals, principals;
  try {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    balances = await userBalances(tx);
    totals = await userTotals(tx);
    principals = await earnPrincipalsByUser(tx);
    await tx.commit();
  } catch (err) {
    await tx.rollback();
    throw err;
  }
  const byUser = new Map<string, Map<string, Dec>>();
  const add = (userId: string, asset: string, amount: string) => {
    const held = byUser.get(userId) ?? new Map<string, Dec>();
    held.set(asset, (held.get(asset) ?? new Dec(0)).plus(amount));
    byUser.set(userId, held);
  };
  for (const b of balances) add(b.userId, b.asset, b.balance);
  for (const p of principals) add(p.userId, p.symbol, p.principal);
  const ledgerTotals = new Map<string, Dec>();
  for (const [asset, total] of totals) ledgerTotals.set(asset, new Dec(total));
  for (const p of principals) ledgerTotals.set(p.symbol, (ledgerTotals.get(p.symbol) ?? new Dec(0)).plus(p.principal));
  const assets = [...new Set([...byUser.values()].flatMap((m) => [...m.keys()]))].sort(byBytes);
  const rows: LeafInput[] = [...byUser.entries()]
    .sort(([a], [b]) => byBytes(a, b))
    .map(([userId, held]) => ({
      userId,
      nonce: randomBytes(32).toString('hex'),
      balances: assets.map((asset) => {
        const amount = held.get(asset) ?? new Dec(0);
        invariant(!amount.isNegative(), () => `user ${userId} has a negative ${asset} balance`);
        // Stored as the tree hashes it (docs/reserves.md), so a leaf row reads as its proof does.
        return formatUnits(toUnits(amount.toFixed()));
      }),
    }));
  return { assets, rows, ledgerTotals };
}

/** Byte order of ASCII symbols and ids, as docs/reserves.md fixes it (not the locale's). */
function byBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
