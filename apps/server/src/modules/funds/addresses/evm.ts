import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { publicKeyToAddress } from 'viem/accounts';

/** EIP-55 checksummed address of a secp256k1 public key (compressed or not). */
export function evmAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return publicKeyToAddress(`0x${bytesToHex(uncompressed)}`);
}
