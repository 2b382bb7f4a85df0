import type { Database } from '../../db/database.js';
import { userBalances, userTotals } from '../../ledger/accounts.js';
import { Dec } from '../../shared/decimal.js';
import { earnPrincipalsByUser } from '../earn/index.js';
import type { Holding } from './leaf-rows.js';

/** What the users are owed at one instant: every holding, and the ledger's own totals beside them. */
export interface Liabilities {
  holdings: Holding[];
  /** Per asset, the ledger's user totals plus the Earn principal, summed by the database on its own. */
  ledgerTotals: Map<string, Dec>;
}

/**
 * Reads every user's balances in one REPEATABLE READ transaction: the ledger's wallets and the
 * Earn principal from the same snapshot of the database, so money moving between them meanwhile
 * (a subscription, a transfer) is counted once, and the sums agree with the ledger's totals. The
 * rows are made from the holdings on the tree worker (leaf-rows.ts), not here on the event loop.
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
  const holdings: Holding[] = balances.map((b) => ({ userId: b.userId, asset: b.asset, amount: b.balance }));
  for (const p of principals) holdings.push({ userId: p.userId, asset: p.symbol, amount: p.principal });
  const ledgerTotals = new Map<string, Dec>();
  for (const [asset, total] of totals) ledgerTotals.set(asset, new Dec(total));
  for (const p of principals) ledgerTotals.set(p.symbol, (ledgerTotals.get(p.symbol) ?? new Dec(0)).plus(p.principal));
  return { holdings, ledgerTotals };
}
