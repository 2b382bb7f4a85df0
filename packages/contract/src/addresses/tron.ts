import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

export const tronBase58check = createBase58check(sha256);
/** TRON's mainnet address prefix byte; it is what makes every address start with T. */
export const TRON_PREFIX = 0x41;

export function isTronAddress(address: string): boolean {
  try {
    const payload = tronBase58check.decode(address);
    return payload.length === 21 && payload[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}
