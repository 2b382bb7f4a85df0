import { parentPort } from 'node:worker_threads';
import { buildSumTree, proofOf, rootOf, type SumTree } from '@exchange/contract/reserves';
import type { TreeReply, TreeRequest } from './tree-messages.js';

/**
 * The worker thread that builds the snapshots' Merkle sum trees and answers proofs from them (see
 * tree-builder.ts): a 100,000-user tree is seconds of hashing the server's event loop must not wait
 * on. It keeps the last trees it built, a proof being a walk up one of them.
 */
const KEPT = 2;
const trees = new Map<string, SumTree>();

function answer(req: TreeRequest): TreeReply {
  if (req.kind === 'build') {
    const tree = buildSumTree(req.snapshotId, req.assets, req.rows);
    trees.delete(req.snapshotId);
    trees.set(req.snapshotId, tree);
    for (const old of trees.keys()) if (trees.size > KEPT) trees.delete(old);
    return { id: req.id, kind: 'built', root: rootOf(tree) };
  }
  const tree = trees.get(req.snapshotId);
  if (!tree) return { id: req.id, kind: 'no-tree' };
  return { id: req.id, kind: 'proof', proof: proofOf(tree, req.userId, req.takenAt) };
}

const port = parentPort;
if (!port) throw new Error('tree-worker.ts runs as a worker thread');
port.on('message', (req: TreeRequest) => {
  try {
    port.postMessage(answer(req));
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    port.postMessage({ id: req.id, kind: 'error', name: e.name, message: e.message } satisfies TreeReply);
  }
});
