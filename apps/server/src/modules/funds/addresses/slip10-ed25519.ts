import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { ed25519 } from '@noble/curves/ed25519.js';

const HARDENED = 0x8000_0000;
const MASTER_KEY = new TextEncoder().encode('ed25519 seed');

export interface Slip10Node {
  /** The 32-byte ed25519 private key (seed) of this node. */
  key: Uint8Array;
  chainCode: Uint8Array;
}

function split(i: Uint8Array): Slip10Node {
  return { key: i.slice(0, 32), chainCode: i.slice(32) };
}

/**
 * SLIP-0010 for ed25519: every level hardened (the curve allows no public derivation), so this
 * needs the seed. `path` lists the indexes without the hardened bit: [44, 501, 0, 0] is
 * m/44'/501'/0'/0'.
 */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Slip10Node {
  let node = split(hmac(sha512, MASTER_KEY, seed));
  for (const index of path) {
    if (!Number.isInteger(index) || index < 0 || index >= HARDENED) throw new RangeError('SLIP-0010 index out of range');
    const data = new Uint8Array(37);
    data.set(node.key, 1);
    new DataView(data.buffer).setUint32(33, index + HARDENED);
    node = split(hmac(sha512, node.chainCode, data));
  }
  return node;
}

export function ed25519PublicKey(node: Slip10Node): Uint8Array {
  return ed25519.getPublicKey(node.key);
}
