import { DEFAULT_SIMULATED_BLOCK_MS, type AppConfig } from '../config.js';
import { testAddressKeys } from '../modules/funds/addresses/address-keys.js';
import { networks } from '../modules/funds/networks.js';
import type { AdminChains } from './command.js';

/** The chain simulator as the server on the same configuration runs it: the networks no real adapter serves. */
export function adminChains(config: AppConfig): AdminChains {
  const real = new Set(config.evm?.networks.map((n) => n.networkId) ?? []);
  return {
    mode: config.simulatedChains,
    networkIds: networks.map((n) => n.id).filter((id) => !real.has(id)),
    blockMs: config.simulatedBlockMs ?? DEFAULT_SIMULATED_BLOCK_MS,
    keys: config.addressKeys ?? testAddressKeys(),
    evm: config.evm,
  };
}
