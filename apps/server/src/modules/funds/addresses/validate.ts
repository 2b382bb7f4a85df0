import type { Network } from '../networks.js';
import { isBitcoinFamilyAddress } from './bitcoin.js';
import { isCosmosAddress, isCosmosMemo } from './cosmos.js';
import { isEvmAddress } from './evm.js';
import { isSolanaAddress } from './solana.js';
import { isStellarAddress, isStellarMemo } from './stellar.js';
import { isTronAddress } from './tron.js';
import { isXrpAddress, isXrpTag } from './xrp.js';

/** Whether a withdrawal may be sent to `address` on `network`, checked by the chain's own encoding. */
export function isValidAddress(network: Network, address: string): boolean {
  switch (network.scheme) {
    case 'evm':
      return isEvmAddress(address);
    case 'tron':
      return isTronAddress(address);
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin':
      return isBitcoinFamilyAddress(address, network.scheme);
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
 * Whether `memo` is acceptable on `network`. A withdrawal memo is optional (the destination may be
 * a personal wallet), so an empty one passes; a network without memos takes none.
 */
export function isValidMemo(network: Network, memo: string | null | undefined): boolean {
  if (memo === null || memo === undefined || memo === '') return true;
  switch (network.scheme) {
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
