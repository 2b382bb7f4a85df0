import { base58 } from '@scure/base';

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
