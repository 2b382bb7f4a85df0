import type { LeafInput, ProofFile } from '@exchange/contract/reserves';

/** What the server asks its tree worker: build a snapshot's tree, or a user's proof from one it built. */
export type TreeRequest =
  | { id: number; kind: 'build'; snapshotId: string; assets: string[]; rows: LeafInput[] }
  | { id: number; kind: 'proof'; snapshotId: string; userId: string; takenAt: string };

/** Its answers; `no-tree` when it holds no tree of that snapshot (not built here, or dropped for newer ones). */
export type TreeReply =
  | { id: number; kind: 'built'; root: { hash: string; sums: string[] } }
  | { id: number; kind: 'proof'; proof: ProofFile | null }
  | { id: number; kind: 'no-tree' }
  | { id: number; kind: 'error'; name: string; message: string };
