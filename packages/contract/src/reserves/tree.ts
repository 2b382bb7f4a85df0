import { formatUnits, toUnits } from './amounts.js';
import { leafHashOf, leafIdOf, nodeHashOf, paddingHashOf } from './hashing.js';
import type { ProofFile, ProofStep } from './proof-file.js';

/** One user's row of a snapshot: their balances in the snapshot's asset order, any plain decimals. */
export interface LeafInput {
  userId: string;
  /** 64 hex digits, random per user and snapshot. */
  nonce: string;
  balances: readonly string[];
}

interface Node {
  hash: string;
  sums: bigint[];
}

/** A built Merkle sum tree: every level from the leaves (level 0) up to the root. */
export interface SumTree {
  snapshotId: string;
  assets: readonly string[];
  levels: Node[][];
  /** Each user's leaf index. */
  indexOf: Map<string, number>;
  leaves: { userId: string; leafId: string; nonce: string; balances: string[] }[];
}

const NONCE = /^[0-9a-f]{64}$/;

/**
 * Builds the tree over the users in the given order. Refuses a negative balance, a wrong count of
 * balances, a malformed nonce and a user listed twice: each would let a proof lie.
 */
export function buildSumTree(snapshotId: string, assets: readonly string[], rows: readonly LeafInput[]): SumTree {
  const indexOf = new Map<string, number>();
  const leaves: SumTree['leaves'] = [];
  const level0: Node[] = [];
  for (const row of rows) {
    if (indexOf.has(row.userId)) throw new Error(`User ${row.userId} is listed twice`);
    if (!NONCE.test(row.nonce)) throw new Error('A nonce is 64 lowercase hex digits');
    if (row.balances.length !== assets.length) throw new Error(`User ${row.userId} has ${row.balances.length} balances for ${assets.length} assets`);
    const units = row.balances.map(toUnits);
    const balances = units.map(formatUnits);
    const leafId = leafIdOf(snapshotId, row.userId, row.nonce);
    indexOf.set(row.userId, leaves.length);
    leaves.push({ userId: row.userId, leafId, nonce: row.nonce, balances });
    level0.push({ hash: leafHashOf(leafId, row.nonce, balances), sums: units });
  }
  const levels: Node[][] = [level0];
  let current = level0;
  let level = 0;
  while (current.length > 1 || level === 0) {
    const next: Node[] = [];
    for (let i = 0; i < current.length; i += 2) {
      const left = current[i]!;
      const right = current[i + 1] ?? { hash: paddingHashOf(level), sums: assets.map(() => 0n) };
      const sums = left.sums.map((s, k) => s + right.sums[k]!);
      next.push({ hash: nodeHashOf(left.hash, right.hash, sums.map(formatUnits)), sums });
    }
    if (current.length === 0) next.push({ hash: nodeHashOf(paddingHashOf(0), paddingHashOf(0), assets.map(() => formatUnits(0n))), sums: assets.map(() => 0n) });
    levels.push(next);
    current = next;
    level += 1;
  }
  return { snapshotId, assets, levels, indexOf, leaves };
}

/** The root's hash and sums: what a snapshot publishes. */
export function rootOf(tree: SumTree): { hash: string; sums: string[] } {
  const root = tree.levels[tree.levels.length - 1]![0]!;
  return { hash: root.hash, sums: root.sums.map(formatUnits) };
}

/** A user's proof file: their leaf, nonce and the sibling of each node on the way up to the root. */
export function proofOf(tree: SumTree, userId: string, takenAt: string): ProofFile | null {
  const index = tree.indexOf.get(userId);
  if (index === undefined) return null;
  const leaf = tree.leaves[index]!;
  const path: ProofStep[] = [];
  let i = index;
  for (let level = 0; level < tree.levels.length - 1; level += 1) {
    const nodes = tree.levels[level]!;
    const siblingIndex = i % 2 === 0 ? i + 1 : i - 1;
    const sibling = nodes[siblingIndex] ?? { hash: paddingHashOf(level), sums: tree.assets.map(() => 0n) };
    path.push({ side: i % 2 === 0 ? 'right' : 'left', hash: sibling.hash, sums: sibling.sums.map(formatUnits) });
    i = Math.floor(i / 2);
  }
  return {
    version: 1,
    snapshotId: tree.snapshotId,
    takenAt,
    assets: [...tree.assets],
    userId,
    nonce: leaf.nonce,
    leafId: leaf.leafId,
    balances: leaf.balances,
    path,
    root: rootOf(tree),
  };
}
