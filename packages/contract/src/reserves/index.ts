/**
 * Proof of reserves: the Merkle sum tree of the users' balances, pure code shared by the server
 * (which builds it), the web app (which verifies a user's proof in the browser) and the tests.
 * The exact hashing is in docs/reserves.md.
 */
export { formatUnits, isCanonicalAmount, NegativeBalanceError, RESERVE_DECIMALS, toUnits } from './amounts.js';
export { hashedText, leafHashOf, leafIdOf, nodeHashOf, paddingHashOf, sha256Hex, sha256HexPortable, webCryptoSha256Hex, type Sha256Hex } from './hashing.js';
export { ProofFileSchema, ProofStepSchema, ReservesRootSchema, type ProofFile, type ProofStep, type ReservesRoot } from './proof-file.js';
export { buildSumTree, proofOf, rootOf, type LeafInput, type SumTree } from './tree.js';
export { verifyProof, type Verification, type VerifyStep } from './verify.js';
export { RESERVE_SIGNATURE_SCHEMES, type ReserveSignatureScheme } from './schemes.js';
export { bitcoinMessageHash, evmMessageHash, reserveMessage, verifyReserveSignature, type ReserveSignature } from './signatures.js';
export { signReserveMessage } from './sign.js';
