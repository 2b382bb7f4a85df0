import { formatUnits, toUnits } from './amounts.js';
import { hashedText, webCryptoSha256Hex, type Sha256Hex } from './hashing.js';
import { ProofFileSchema } from './proof-file.js';

/** One step of a verification, as the page shows it: what was computed and whether it held. */
export interface VerifyStep {
  kind: 'file' | 'leaf-id' | 'leaf' | 'node' | 'root';
  ok: boolean;
  /** The hash computed at this step, when there is one. */
  hash?: string;
  /** The sums computed at this step (canonical amounts, in the file's asset order). */
  sums?: string[];
  detail?: string;
}

export interface Verification {
  ok: boolean;
  steps: VerifyStep[];
}

function fail(steps: VerifyStep[], step: VerifyStep): Verification {
  return { ok: false, steps: [...steps, { ...step, ok: false }] };
}

/**
 * Verifies a proof file from scratch: recomputes the leaf id and leaf, then each node up to the
 * root, and compares the result with the root published separately (never the file's own). Trusts
 * nothing the server computed: every hash and sum is done again here, with WebCrypto's SHA-256
 * unless another is given (the tests hold every hash to the same bytes).
 */
export async function verifyProof(input: unknown, publishedRootHash: string, sha256: Sha256Hex = webCryptoSha256Hex): Promise<Verification> {
  const steps: VerifyStep[] = [];
  const parsed = ProofFileSchema.safeParse(input);
  if (!parsed.success) return fail(steps, { kind: 'file', ok: false, detail: parsed.error.issues[0]?.message ?? 'not a proof file' });
  const file = parsed.data;
  const width = file.assets.length;
  if (file.balances.length !== width || file.root.sums.length !== width || file.path.some((p) => p.sums.length !== width)) {
    return fail(steps, { kind: 'file', ok: false, detail: 'every list of sums must have one amount per asset' });
  }
  steps.push({ kind: 'file', ok: true });
  const leafId = await sha256(hashedText.leafId(file.snapshotId, file.userId, file.nonce));
  if (leafId !== file.leafId) return fail(steps, { kind: 'leaf-id', ok: false, hash: leafId, detail: 'the leaf id is not the hash of this user id and nonce' });
  steps.push({ kind: 'leaf-id', ok: true, hash: leafId });
  let hash = await sha256(hashedText.leaf(leafId, file.nonce, file.balances));
  let sums = file.balances.map(toUnits);
  steps.push({ kind: 'leaf', ok: true, hash, sums: sums.map(formatUnits) });
  for (const sibling of file.path) {
    const siblingSums = sibling.sums.map(toUnits);
    sums = sums.map((s, k) => s + siblingSums[k]!);
    const text = sums.map(formatUnits);
    hash = await sha256(sibling.side === 'right' ? hashedText.node(hash, sibling.hash, text) : hashedText.node(sibling.hash, hash, text));
    steps.push({ kind: 'node', ok: true, hash, sums: text });
  }
  const rootSums = sums.map(formatUnits);
  const sameSums = rootSums.every((s, k) => s === file.root.sums[k]);
  if (hash !== publishedRootHash || !sameSums) {
    return fail(steps, { kind: 'root', ok: false, hash, sums: rootSums, detail: 'the computed root is not the published root' });
  }
  steps.push({ kind: 'root', ok: true, hash, sums: rootSums });
  return { ok: true, steps };
}
