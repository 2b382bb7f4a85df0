import { TRON_PREFIX, tronBase58check } from '@exchange/contract/addresses';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/** Base58Check T… address: 0x41 and the last 20 bytes of keccak-256 of the uncompressed key. */
export function tronAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const payload = new Uint8Array(21);
  payload[0] = TRON_PREFIX;
  payload.set(keccak_256(uncompressed.subarray(1)).subarray(12), 1);
  return tronBase58check.encode(payload);
}
