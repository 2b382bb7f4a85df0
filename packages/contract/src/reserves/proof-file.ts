import { z } from 'zod';

const hash = z.string().regex(/^[0-9a-f]{64}$/, 'a hash is 64 lowercase hex digits');
/** Canonical amounts only (reserves/amounts.ts): a verifier hashes the very text it was given. */
const amount = z.string().regex(/^(0|[1-9][0-9]{0,35})\.[0-9]{18}$/, 'an amount has no sign and exactly 18 fraction digits');
const MAX_ASSETS = 200;
/** 2^64 leaves is beyond any exchange; the bound keeps a hostile file small. */
const MAX_DEPTH = 64;

export const ProofStepSchema = z.object({
  /** Where the sibling sits: `right` means the node so far is the left child. */
  side: z.enum(['left', 'right']),
  hash,
  sums: z.array(amount).max(MAX_ASSETS),
});
export type ProofStep = z.infer<typeof ProofStepSchema>;

export const ReservesRootSchema = z.object({ hash, sums: z.array(amount).max(MAX_ASSETS) });
export type ReservesRoot = z.infer<typeof ReservesRootSchema>;

/** The file a user downloads and verifies (docs/reserves.md, "Proof file"). */
export const ProofFileSchema = z.object({
  version: z.literal(1),
  snapshotId: z.string().min(1).max(64),
  takenAt: z.string().max(40),
  assets: z.array(z.string().min(1).max(20)).max(MAX_ASSETS),
  userId: z.string().min(1).max(64),
  nonce: hash,
  leafId: hash,
  balances: z.array(amount).max(MAX_ASSETS),
  path: z.array(ProofStepSchema).max(MAX_DEPTH),
  root: ReservesRootSchema,
});
export type ProofFile = z.infer<typeof ProofFileSchema>;
