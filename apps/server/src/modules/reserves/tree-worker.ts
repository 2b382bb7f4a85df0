import { parentPort } from 'node:worker_threads';
import { buildSumTree, proofOf, rootOf, type LeafInput, type SumTree } from '@exchange/contract/reserves';
import { leafBatchesOf, leafRowsOf, type Holding } from './leaf-rows.js';
import type { TreeReply, TreeRequest } from './tree-messages.js';

/**
 * The worker thread that makes the snapshots' rows and Merkle sum trees and answers proofs from
 * them (see tree-builder.ts): for 100,000 users that is seconds of decimal formatting and hashing
 * the server's event loop must not wait on. It keeps the last trees it built.
 */
const KEPT = 2;
const trees = new Map<string, SumTree>();
/** Holdings received for builds not asked yet, by the id of the build to come. */
const received = new Map<number, Holding[]>();

function keep(tree: SumTree): void {
  trees.delete(tree.snapshotId);
  trees.set(tree.snapshotId, tree);
  for (const old of trees.keys()) if (trees.size > KEPT) trees.delete(old);
}

/** The answer to a request; none to a chunk of holdings (the build that follows answers for them). */
function answer(req: TreeRequest): TreeReply | null {
  switch (req.kind) {
    case 'holdings': {
      const list = received.get(req.id) ?? [];
      for (const h of req.holdings) list.push(h);
      received.set(req.id, list);
      return null;
    }
    case 'build': {
      const holdings = received.get(req.id) ?? [];
      received.delete(req.id);
      const { assets, rows } = leafRowsOf(holdings);
      const tree = buildSumTree(req.snapshotId, assets, rows);
      keep(tree);
      return { id: req.id, kind: 'built', root: rootOf(tree), assets, users: rows.length, leafBatches: leafBatchesOf(rows) };
    }
    case 'rebuild': {
      const tree = buildSumTree(req.snapshotId, req.assets, JSON.parse(req.leavesJson) as LeafInput[]);
      keep(tree);
      return { id: req.id, kind: 'rebuilt', root: rootOf(tree) };
    }
    case 'proof': {
      const tree = trees.get(req.snapshotId);
      return tree ? { id: req.id, kind: 'proof', proof: proofOf(tree, req.userId, req.takenAt) } : { id: req.id, kind: 'no-tree' };
    }
  }
}

const port = parentPort;
if (!port) throw new Error('tree-worker.ts runs as a worker thread');
port.on('message', (req: TreeRequest) => {
  try {
    const reply = answer(req);
    if (reply) port.postMessage(reply);
  } catch (err) {
    received.delete(req.id);
    const e = err instanceof Error ? err : new Error(String(err));
    port.postMessage({ id: req.id, kind: 'error', name: e.name, message: e.message } satisfies TreeReply);
  }
});
