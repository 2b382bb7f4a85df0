import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { isAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/** EIP-55 checksummed address of a secp256k1 public key (compressed or not). */
export function evmAddress(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return publicKeyToAddress(`0x${bytesToHex(uncompressed)}`);
}

/** 0x and 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum. */
export function isEvmAddress(address: string): boolean {
  return isAddress(address, { strict: true });
}
