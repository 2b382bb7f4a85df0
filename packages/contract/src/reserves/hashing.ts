import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

interface NodeCrypto {
  createHash(algorithm: 'sha256'): { update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string } };
}

/**
 * Node's own SHA-256 where it exists: the daily snapshot hashes a node per user and node:crypto is
 * about six times faster than the pure-JS hash, which the browser (where `process` does not exist)
 * keeps. Both give the same bytes; the contract's tests hold them equal.
 */
const nodeCrypto = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as
  | NodeCrypto
  | undefined;

/** The pure-JS SHA-256 of UTF-8 text, as 64 lowercase hex digits (the browser's path, exported for the tests). */
export function sha256HexPortable(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** SHA-256 of the UTF-8 text, as 64 lowercase hex digits: every hash of the tree is one of these. */
export const sha256Hex: (text: string) => string = nodeCrypto
  ? (text) => nodeCrypto.createHash('sha256').update(text, 'utf8').digest('hex')
  : sha256HexPortable;

/**
 * The leaf id: a salted hash of the user's id, so the tree never shows who a leaf belongs to and
 * the user (who knows their id and gets the nonce in their proof file) can recompute it.
 */
export function leafIdOf(snapshotId: string, userId: string, nonce: string): string {
  return sha256Hex(`nexa-por/id|${snapshotId}|${userId}|${nonce}`);
}

/** A leaf's hash over its id, nonce and balances in the snapshot's asset order (canonical amounts). */
export function leafHashOf(leafId: string, nonce: string, balances: readonly string[]): string {
  return sha256Hex(`nexa-por/leaf|${leafId}|${nonce}|${balances.join('|')}`);
}

/** An inner node's hash over its children's hashes, left first, and its sums (canonical amounts). */
export function nodeHashOf(left: string, right: string, sums: readonly string[]): string {
  return sha256Hex(`nexa-por/node|${left}|${right}|${sums.join('|')}`);
}

/** The node that pairs with the last one of a level with an odd count; its sums are all zero. */
export function paddingHashOf(level: number): string {
  return sha256Hex(`nexa-por/pad|${level}`);
}
