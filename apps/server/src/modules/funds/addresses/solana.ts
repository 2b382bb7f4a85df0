import { base58 } from '@scure/base';

/** A Solana address is the base58 text of a 32-byte ed25519 public key. */
export function solanaAddress(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('an ed25519 public key is 32 bytes');
  return base58.encode(publicKey);
}

/**
 * 32 bytes in base58, as Solana's own `isAddress` checks: program-derived addresses are off the
 * curve and still valid destinations, so the curve is not checked.
 */
export function isSolanaAddress(address: string): boolean {
  if (address.length < 32 || address.length > 44) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}
