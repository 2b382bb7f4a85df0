import type { ProofFile } from '@exchange/contract/reserves';
import type { Holding } from './leaf-rows.js';

/**
 * What the server asks its tree worker. A snapshot's holdings go over in chunks (`holdings`, then
 * `build`) so that no single copy pauses the event loop; a stored snapshot's leaves go over as the
 * database's one JSON text (`rebuild`); `proof` walks a tree it built.
 */
export type TreeRequest =
  | { id: number; kind: 'holdings'; holdings: Holding[] }
  | { id: number; kind: 'build'; snapshotId: string }
  | { id: number; kind: 'rebuild'; snapshotId: string; assets: string[]; leavesJson: string }
  | { id: number; kind: 'proof'; snapshotId: string; userId: string; takenAt: string };

export interface TreeRoot {
  hash: string;
  sums: string[];
}

/** Its answers; `no-tree` when it holds no tree of that snapshot (not built here, or dropped for newer ones). */
export type TreeReply =
  | { id: number; kind: 'built'; root: TreeRoot; assets: string[]; users: number; leafBatches: string[] }
  | { id: number; kind: 'rebuilt'; root: TreeRoot }
  | { id: number; kind: 'proof'; proof: ProofFile | null }
  | { id: number; kind: 'no-tree' }
  | { id: number; kind: 'error'; name: string; message: string };
