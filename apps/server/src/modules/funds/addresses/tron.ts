import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);
/** TRON's mainnet address prefix byte; it is what makes every address start with T. */
const TRON_PREFIX = 0x41;

/** Base58Check T… address: 0x41 and the last 20 bytes of keccak-256 of the uncompressed key. */
export function tronAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(keccak_256(uncompressed.subarray(1)).subarray(12), 1);
  return base58check.encode(payload);
}

export function isTronAddress(address: string): boolean {
  try {
    const payload = base58check.decode(address);
    return payload.length === 21 && payload[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}
