import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * node:crypto's one-shot hash (a string is hashed as its UTF-8 bytes): no Hash object per call, which
 * createHash's update and digest made for every node. Every Node with getBuiltinModule (20.16) has it.
 */
interface NodeCrypto {
  hash(algorithm: 'sha256', data: string, encoding: 'hex'): string;
}

/**
 * Node's own SHA-256 where it exists: the daily snapshot hashes a node per user and node:crypto is
 * about six times faster than the pure-JS hash, which a runtime without `process` keeps (the
 * browser's verifier hashes with WebCrypto instead). All give the same bytes; the contract's tests
 * hold them equal.
 */
const nodeCrypto = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as
  | NodeCrypto
  | undefined;

/** The pure-JS SHA-256 of UTF-8 text, as 64 lowercase hex digits (exported for the tests). */
export function sha256HexPortable(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** SHA-256 of the UTF-8 text, as 64 lowercase hex digits: every hash of the tree is one of these. */
export const sha256Hex: (text: string) => string = nodeCrypto ? (text) => nodeCrypto.hash('sha256', text, 'hex') : sha256HexPortable;

/** A SHA-256 as 64 lowercase hex digits, done now (node:crypto, noble) or later (WebCrypto). */
export type Sha256Hex = (text: string) => string | Promise<string>;

/**
 * SHA-256 with WebCrypto (`crypto.subtle`), the browser's own hash, which Node 20 also has on
 * globalThis: the verifier of a proof file uses it, so the page trusts no JavaScript hash of ours.
 */
export async function webCryptoSha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return bytesToHex(new Uint8Array(digest));
}

/** The texts hashed, apart from the hash itself, so a verifier can hash them with WebCrypto. */
export const hashedText = {
  /**
   * The leaf id's: a salted hash of the user's id, so the tree never shows who a leaf belongs to
   * and the user (who knows their id and gets the nonce in their proof file) can recompute it.
   */
  leafId: (snapshotId: string, userId: string, nonce: string) => `nexa-por/id|${snapshotId}|${userId}|${nonce}`,
  /** A leaf's: its id, nonce and balances in the snapshot's asset order (canonical amounts). */
  leaf: (leafId: string, nonce: string, balances: readonly string[]) => `nexa-por/leaf|${leafId}|${nonce}|${balances.join('|')}`,
  /** An inner node's: its children's hashes, left first, and its sums (canonical amounts). */
  node: (left: string, right: string, sums: readonly string[]) => `nexa-por/node|${left}|${right}|${sums.join('|')}`,
  /** The node that pairs with the last one of a level with an odd count; its sums are all zero. */
  padding: (level: number) => `nexa-por/pad|${level}`,
};

export function leafIdOf(snapshotId: string, userId: string, nonce: string): string {
  return sha256Hex(hashedText.leafId(snapshotId, userId, nonce));
}

export function leafHashOf(leafId: string, nonce: string, balances: readonly string[]): string {
  return sha256Hex(hashedText.leaf(leafId, nonce, balances));
}

export function nodeHashOf(left: string, right: string, sums: readonly string[]): string {
  return sha256Hex(hashedText.node(left, right, sums));
}

export function paddingHashOf(level: number): string {
  return sha256Hex(hashedText.padding(level));
}
