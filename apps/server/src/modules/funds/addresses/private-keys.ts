import { HDKey } from '@scure/bip32';
import type { Network } from '../networks.js';
import { slip10Ed25519 } from './slip10-ed25519.js';

/** The account-level paths behind each extended public key (README.md, "Paths"). */
const accountPaths = {
  'xpub-evm': "m/44'/60'/0'",
  'xpub-etc': "m/44'/61'/0'",
  'xpub-tron': "m/44'/195'/0'",
  'xpub-btc': "m/84'/0'/0'",
  'xpub-ltc': "m/84'/2'/0'",
  'xpub-doge': "m/44'/3'/0'",
} as const;

const SOLANA_COIN = 501;
const masters = new WeakMap<Uint8Array, HDKey>();

/**
 * The private key of a deposit address, derived from a BIP-39 seed along the same path as its
 * public key: what the proof of reserves signs with. Null on the memo networks, whose shared
 * account is configured by its address alone. The key only matches the address when the seed is
 * the one the extended public keys came from; the caller checks the signature it makes.
 */
export function depositPrivateKey(network: Network, index: number, seed: Uint8Array): Uint8Array | null {
  if (network.keys === 'memo-account') return null;
  if (network.keys === 'ed25519-seed') return slip10Ed25519(seed, [44, SOLANA_COIN, index, 0]).key;
  let master = masters.get(seed);
  if (!master) {
    master = HDKey.fromMasterSeed(seed);
    masters.set(seed, master);
  }
  return master.derive(`${accountPaths[network.keys]}/0/${index}`).privateKey;
}
