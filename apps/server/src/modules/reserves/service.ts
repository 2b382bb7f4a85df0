import { randomUUID } from 'node:crypto';
import type { ProofFile } from '@exchange/contract/reserves';
import type { Database, Queryable } from '../../db/database.js';
import { recordAudit, type AuditEntry } from '../../audit/audit-log.js';
import { Dec } from '../../shared/decimal.js';
import { invariant } from '../../shared/invariant.js';
import { chainReserves, reservesByAsset, type ReserveSources } from './chain-reserves.js';
import { readLiabilities } from './liabilities.js';
import { leavesJson, saveSnapshot, snapshotAnswer, type AssetLine, type StoredSnapshot } from './store.js';
import type { TreeBuilder } from './tree-builder.js';

export interface ReservesDeps extends ReserveSources {
  db: Database;
  now: () => Date;
  /** Builds the trees off the event loop (tree-builder.ts). */
  trees: TreeBuilder;
}

/** Who asked for a snapshot outside the daily one: written to the audit log with it. */
export type SnapshotRequest = Omit<AuditEntry, 'at' | 'action' | 'target' | 'after'>;

/** reserves ÷ total to 4 decimals, rounded down (a ratio never shows more cover than there is); null when nothing is owed. */
function ratioOf(reserves: Dec, total: Dec): string | null {
  return total.isZero() ? null : reserves.div(total).toDecimalPlaces(4, Dec.ROUND_DOWN).toFixed(4);
}

/**
 * Takes a snapshot: the liabilities from one consistent read, the tree over them (on the worker),
 * the reserves on chain beside them. Refuses to store one whose root totals differ from the
 * ledger's own sums. An operator's request is audited in the snapshot's own transaction.
 */
export async function takeSnapshot(deps: ReservesDeps, request?: SnapshotRequest): Promise<StoredSnapshot> {
  const takenAt = deps.now();
  const liabilities = await readLiabilities(deps.db);
  const id = randomUUID();
  const [tree, onChain] = await Promise.all([deps.trees.build(id, liabilities.holdings), chainReserves(deps.db, deps, takenAt.getTime())]);
  const { root, assets } = tree;
  const ledgerTotals = assets.map((a) => (liabilities.ledgerTotals.get(a) ?? new Dec(0)).toFixed());
  root.sums.forEach((sum, k) => invariant(new Dec(sum).eq(ledgerTotals[k]!), () => `the tree's ${assets[k]} total ${sum} is not the ledger's ${ledgerTotals[k]}`));
  const reserves = reservesByAsset(onChain);
  const lines: AssetLine[] = assets.map((asset, k) => {
    const total = new Dec(root.sums[k]!);
    const held = reserves.get(asset) ?? new Dec(0);
    return { asset, total: total.toFixed(), reserves: held.toFixed(), ratio: ratioOf(held, total) };
  });
  const snapshot: StoredSnapshot = { id, takenAt, assets, rootHash: root.hash, totals: root.sums, ledgerTotals, lines, users: tree.users };
  await deps.db.tx(async (q: Queryable) => {
    await saveSnapshot(q, snapshot, tree.leafBatches);
    if (request) await recordAudit(q, { ...request, at: takenAt, action: 'reserves.snapshot', target: `snapshot ${id}`, after: snapshotAnswer(snapshot) });
  });
  return snapshot;
}

/**
 * Users' proofs of the latest snapshot, from the worker's tree of it. After a restart, or once the
 * worker dropped it for newer ones, the tree is built there again from the stored leaves, once for
 * every request waiting on it.
 */
export class ProofCache {
  private rebuilding: { id: string; done: Promise<void> } | null = null;

  constructor(
    private readonly db: Database,
    private readonly trees: TreeBuilder,
  ) {}

  async proofFor(snapshot: StoredSnapshot, userId: string): Promise<ProofFile | null> {
    const takenAt = snapshot.takenAt.toISOString();
    const proof = await this.trees.proof(snapshot.id, userId, takenAt);
    if (proof !== undefined) return proof;
    await this.rebuild(snapshot);
    const again = await this.trees.proof(snapshot.id, userId, takenAt);
    if (again === undefined) throw new Error(`the tree of snapshot ${snapshot.id} was not kept`);
    return again;
  }

  private rebuild(snapshot: StoredSnapshot): Promise<void> {
    if (this.rebuilding?.id === snapshot.id) return this.rebuilding.done;
    const done = leavesJson(this.db, snapshot.id)
      .then((leaves) => this.trees.rebuild(snapshot.id, snapshot.assets, leaves))
      .then(() => undefined)
      .finally(() => {
        if (this.rebuilding?.done === done) this.rebuilding = null;
      });
    this.rebuilding = { id: snapshot.id, done };
    return done;
  }
}
