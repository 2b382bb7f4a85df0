import { isBurnAddress as isBurnOnScheme, isValidAddress as isValidOnScheme, isValidMemo as isValidMemoOnScheme } from '@exchange/contract/addresses';
import type { Network } from '../networks.js';

/** Whether a withdrawal may be sent to `address` on `network`: the contract's rules, which the web's form applies too. */
export function isValidAddress(network: Network, address: string): boolean {
  return isValidOnScheme(network.scheme, address);
}

/** Whether `memo` is acceptable on `network`; an empty memo passes, a network without memos takes none. */
export function isValidMemo(network: Network, memo: string | null | undefined): boolean {
  return isValidMemoOnScheme(network.scheme, memo);
}

/** Whether `address` (valid on the network) can never spend what it receives (issue 14 #3). */
export function isBurnAddress(network: Network, address: string): boolean {
  return isBurnOnScheme(network.scheme, address);
}
