import { base32nopad, base58, base58xrp, bech32 } from '@scure/base';
import { Address } from '@scure/btc-signer';
import type { AddressScheme } from '../address-scheme.js';
import { bitcoinFamily } from './bitcoin.js';
import { tronBase58check } from './tron.js';

/**
 * Addresses whose coins nobody can ever spend, by name: the well-known "eater" and black-hole
 * addresses that are not all zeros. The all-zero account of every scheme is caught by its bytes.
 */
const namedBurnAddresses: ReadonlySet<string> = new Set([
  '0x000000000000000000000000000000000000dead',
  '1BitcoinEaterAddressDontSendf59kuE',
  'DDogepartyxxxxxxxxxxxxxxxxxxw1dfzr',
  '1nc1nerator11111111111111111111111111111111',
  // XRP's ACCOUNT_ONE and the two addresses its docs name as black holes.
  'rrrrrrrrrrrrrrrrrrrrBZbvji',
  'rrrrrrrrrrrrrrrrrNAMEtxvNvQ',
  'rrrrrrrrrrrrrrrrrrrn5RM1rHd',
]);

/** The EVM's precompiled contracts sit at 0x01 to 0xff (with room to grow): tokens sent there are lost. */
const EVM_PRECOMPILE_END = 0x100n;

const allZero = (bytes: Uint8Array): boolean => bytes.every((b) => b === 0);

/** The account bytes of a valid address (checked first), where the scheme has them. */
function accountBytes(scheme: AddressScheme, address: string): Uint8Array | null {
  switch (scheme) {
    case 'tron':
      return tronBase58check.decode(address).subarray(1);
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin': {
      const decoded = Address(bitcoinFamily[scheme]).decode(address);
      return 'hash' in decoded ? decoded.hash : 'pubkey' in decoded ? decoded.pubkey : null;
    }
    case 'solana':
      return base58.decode(address);
    case 'xrp':
      return base58xrp.decode(address).subarray(1, 21);
    case 'cosmos':
      return bech32.fromWords(bech32.decode(address as `${string}1${string}`).words);
    case 'stellar':
      return base32nopad.decode(address).subarray(1, 33);
    case 'evm':
      return null;
  }
}

/**
 * Whether `address` (valid on the scheme) is one whose coins can never be spent (issue 14 #3): the
 * scheme's all-zero account (the EVM zero address, TRON's T9yD14…, Bitcoin's 1111…4oLvT2, Solana's
 * system program, XRP's ACCOUNT_ZERO, Stellar's GAAA…WHF), the EVM precompiles, and the named
 * burn addresses above. A withdrawal there would destroy the user's money for nothing.
 */
export function isBurnAddress(scheme: AddressScheme, address: string): boolean {
  if (namedBurnAddresses.has(scheme === 'evm' ? address.toLowerCase() : address)) return true;
  if (scheme === 'evm') return BigInt(address) < EVM_PRECOMPILE_END;
  try {
    const bytes = accountBytes(scheme, address);
    return bytes !== null && allZero(bytes);
  } catch {
    return false;
  }
}
