import { keccak_256 } from '@noble/hashes/sha3.js';

const SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** EIP-55: each hex letter is upper case where the matching nibble of keccak-256 of the lower-case hex is 8 or more. */
export function eip55(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) {
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 0x0f;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

/**
 * 0x and 40 hex digits; an address that is not all lower case must carry a valid EIP-55 checksum
 * (viem's `isAddress(address, { strict: true })`, which the server used before this check was shared).
 */
export function isEvmAddress(address: string): boolean {
  if (!SHAPE.test(address)) return false;
  return address.toLowerCase() === address || eip55(address) === address;
}
