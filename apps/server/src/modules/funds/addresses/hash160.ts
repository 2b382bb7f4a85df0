import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** RIPEMD-160 of SHA-256: the key hash of Bitcoin, XRP and Cosmos accounts. */
export function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data));
}
