/**
 * The withdrawal address rules of every network scheme, pure and shared: the server refuses with
 * them, the web's withdraw form checks as the user types. A subpath of its own
 * (`@exchange/contract/addresses`) because the checksum libraries are kilobytes the pages that never
 * take an address should not load.
 */
import type { AddressScheme } from '../address-scheme.js';
import { isBitcoinFamilyAddress } from './bitcoin.js';
import { isBurnAddress } from './burn.js';
import { isCosmosAddress, isCosmosMemo } from './cosmos.js';
import { isEvmAddress } from './evm.js';
import { isSolanaAddress } from './solana.js';
import { isStellarAddress, isStellarMemo } from './stellar.js';
import { isTronAddress } from './tron.js';
import { isXrpAddress, isXrpTag } from './xrp.js';

export { bitcoinFamily, type BitcoinChain } from './bitcoin.js';
export { COSMOS_PREFIX } from './cosmos.js';
export { eip55 } from './evm.js';
export { STELLAR_ACCOUNT_ID, withStellarChecksum } from './stellar.js';
export { TRON_PREFIX, tronBase58check } from './tron.js';
export { XRP_ACCOUNT_ID, xrpChecksum } from './xrp.js';
export { isBurnAddress };

/** Whether a withdrawal may be sent to `address` on a network of `scheme`, checked by the chain's own encoding. */
export function isValidAddress(scheme: AddressScheme, address: string): boolean {
  switch (scheme) {
    case 'evm':
      return isEvmAddress(address);
    case 'tron':
      return isTronAddress(address);
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin':
      return isBitcoinFamilyAddress(address, scheme);
    case 'solana':
      return isSolanaAddress(address);
    case 'xrp':
      return isXrpAddress(address);
    case 'cosmos':
      return isCosmosAddress(address);
    case 'stellar':
      return isStellarAddress(address);
  }
}

/**
 * Whether `memo` is acceptable on a network of `scheme`. A withdrawal memo is optional (the
 * destination may be a personal wallet), so an empty one passes; a scheme without memos takes none.
 */
export function isValidMemo(scheme: AddressScheme, memo: string | null | undefined): boolean {
  if (memo === null || memo === undefined || memo === '') return true;
  switch (scheme) {
    case 'xrp':
      return isXrpTag(memo);
    case 'cosmos':
      return isCosmosMemo(memo);
    case 'stellar':
      return isStellarMemo(memo);
    default:
      return false;
  }
}

/** What is wrong with a withdrawal address, in the order the server checks: not the chain's, or one that burns the coins. */
export type AddressProblem = 'invalid' | 'burn';

export function addressProblem(scheme: AddressScheme, address: string): AddressProblem | null {
  if (!isValidAddress(scheme, address)) return 'invalid';
  return isBurnAddress(scheme, address) ? 'burn' : null;
}
