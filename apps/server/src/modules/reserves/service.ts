import { randomUUID } from 'node:crypto';
import { buildSumTree, proofOf, rootOf, type ProofFile, type SumTree } from '@exchange/contract/reserves';
import type { Database } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';
import { invariant } from '../../shared/invariant.js';
import { chainReserves, reservesByAsset, type ReserveChains } from './chain-reserves.js';
import { readLiabilities } from './liabilities.js';
import { leavesOf, saveSnapshot, type AssetLine, type StoredSnapshot } from './store.js';

export interface ReservesDeps {
  db: Database;
  now: () => Date;
  chains: ReserveChains | null;
}

/** reserves ÷ total to 4 decimals, rounded down (a ratio never shows more cover than there is); null when nothing is owed. */
function ratioOf(reserves: Dec, total: Dec): string | null {
  return total.isZero() ? null : reserves.div(total).toDecimalPlaces(4, Dec.ROUND_DOWN).toFixed(4);
}

/**
 * Takes a snapshot: the liabilities from one consistent read, the tree over them, the reserves on
 * chain beside them. Refuses to store one whose root totals differ from the ledger's own sums.
 */
export async function takeSnapshot(deps: ReservesDeps): Promise<StoredSnapshot> {
  const takenAt = deps.now();
  const liabilities = await readLiabilities(deps.db);
  const id = randomUUID();
  const tree = buildSumTree(id, liabilities.assets, liabilities.rows);
  const root = rootOf(tree);
  const ledgerTotals = liabilities.assets.map((a) => (liabilities.ledgerTotals.get(a) ?? new Dec(0)).toFixed());
  root.sums.forEach((sum, k) => invariant(new Dec(sum).eq(ledgerTotals[k]!), () => `the tree's ${liabilities.assets[k]} total ${sum} is not the ledger's ${ledgerTotals[k]}`));
  const reserves = reservesByAsset(await chainReserves(deps.db, deps.chains, takenAt.getTime()));
  const lines: AssetLine[] = liabilities.assets.map((asset, k) => {
    const total = new Dec(root.sums[k]!);
    const held = reserves.get(asset) ?? new Dec(0);
    return { asset, total: total.toFixed(), reserves: held.toFixed(), ratio: ratioOf(held, total) };
  });
  const snapshot: StoredSnapshot = { id, takenAt, assets: liabilities.assets, rootHash: root.hash, totals: root.sums, ledgerTotals, lines, users: liabilities.rows.length };
  await deps.db.tx((q) => saveSnapshot(q, snapshot, liabilities.rows));
  return snapshot;
}

/**
 * Users' proofs of the latest snapshot. The tree is built once per snapshot from its stored leaves
 * and kept (one tree, the latest): a proof is then a walk up its levels.
 */
export class ProofCache {
  private cached: { id: string; tree: Promise<SumTree> } | null = null;

  constructor(private readonly db: Database) {}

  async proofFor(snapshot: StoredSnapshot, userId: string): Promise<ProofFile | null> {
    let entry = this.cached;
    if (entry?.id !== snapshot.id) {
      const tree = leavesOf(this.db, snapshot.id).then((leaves) => buildSumTree(snapshot.id, snapshot.assets, leaves));
      entry = { id: snapshot.id, tree };
      this.cached = entry;
      // A failed build is not kept: the next request tries again.
      tree.catch(() => {
        if (this.cached?.tree === tree) this.cached = null;
      });
    }
    return proofOf(await entry.tree, userId, snapshot.takenAt.toISOString());
  }
}
