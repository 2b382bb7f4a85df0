import type { Queryable } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';
import { latestSnapshot, leafSums } from './store.js';

/**
 * `ledger:check`'s line: the latest snapshot, its tree's totals per asset, whether they were the
 * ledger's own user totals (with the Earn principal) in the same read, and whether its stored
 * leaves still add up to them (the proofs are made from those leaves).
 */
export async function reservesReport(q: Queryable): Promise<string[]> {
  const latest = await latestSnapshot(q);
  if (!latest) return ['proof of reserves: no snapshot yet'];
  const equal = latest.totals.length === latest.ledgerTotals.length && latest.totals.every((t, k) => new Dec(t).eq(latest.ledgerTotals[k]!));
  const totals = latest.assets.map((asset, k) => `${asset} ${new Dec(latest.totals[k]!).toFixed()}`).join(', ') || 'none';
  const ledger = equal ? 'equal the ledger’s user totals' : `DIFFER FROM the ledger’s user totals (${latest.assets.map((asset, k) => `${asset} ${latest.ledgerTotals[k] ?? '?'}`).join(', ')})`;
  const sums = await leafSums(q, latest.id);
  const leavesAddUp = latest.totals.every((t, k) => new Dec(t).eq(sums[k] ?? '0'));
  return [
    `proof of reserves: snapshot ${latest.takenAt.toISOString()} of ${latest.users} users, root ${latest.rootHash}; ` +
      `tree totals ${totals}; they ${ledger} (with Earn principal) read in the same transaction; ` +
      `its stored leaves ${leavesAddUp ? 'add up to them' : `DO NOT ADD UP to them (${sums.join(', ')})`}`,
  ];
}
