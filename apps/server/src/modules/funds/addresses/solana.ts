import { base58 } from '@scure/base';

/** A Solana address is the base58 text of a 32-byte ed25519 public key. */
export function solanaAddress(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('an ed25519 public key is 32 bytes');
  return base58.encode(publicKey);
}
