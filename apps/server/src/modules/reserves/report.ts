import type { Queryable } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';
import { latestSnapshot } from './store.js';

/** `ledger:check`'s line: the latest snapshot, and whether its tree's totals were the ledger's own sums in the same read. */
export async function reservesReport(q: Queryable): Promise<string[]> {
  const latest = await latestSnapshot(q);
  if (!latest) return ['proof of reserves: no snapshot yet'];
  const equal = latest.totals.length === latest.ledgerTotals.length && latest.totals.every((t, k) => new Dec(t).eq(latest.ledgerTotals[k]!));
  return [
    `proof of reserves: snapshot ${latest.takenAt.toISOString()} of ${latest.users} users, root ${latest.rootHash}; ` +
      `tree totals ${equal ? 'equal' : 'DIFFER FROM'} the ledger's user totals (with Earn principal) read in the same transaction`,
  ];
}
