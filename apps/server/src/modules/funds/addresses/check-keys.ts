import { networks } from '../networks.js';
import type { AddressKeys } from './address-keys.js';
import { deriveDepositAddress } from './derive.js';
import { isValidAddress } from './validate.js';

/**
 * Fails at start on a key set that cannot serve every network: an unparsable or private extended
 * key, or a memo account that is not an address of its chain. The messages never quote a key.
 */
export function checkAddressKeys(keys: AddressKeys): void {
  for (const network of networks) {
    let address: string;
    try {
      address = deriveDepositAddress(network, 0, keys).address;
    } catch (err) {
      throw new Error(`deposit keys of network ${network.code}: ${(err as Error).message}`);
    }
    if (!isValidAddress(network, address)) throw new Error(`deposit account of network ${network.code} is not a valid address`);
  }
}
