import type { Network } from '../networks.js';
import type { AddressKeys } from './address-keys.js';
import { segwitAddress, legacyAddress } from './bitcoin.js';
import { depositMemo } from './memo.js';
import { evmAddress } from './evm.js';
import { checkIndex, receivingPublicKey } from './secp256k1-hd.js';
import { ed25519PublicKey, slip10Ed25519 } from './slip10-ed25519.js';
import { solanaAddress } from './solana.js';
import { tronAddress } from './tron.js';

export interface DepositAddress {
  address: string;
  /** Set on memo networks only: without it the deposit cannot be credited. */
  memo: string | null;
}

/** Solana's BIP-44 coin type; Phantom, Solflare and the Solana CLI use m/44'/501'/i'/0'. */
const SOLANA_COIN = 501;

function publicKeyAt(network: Network, keys: AddressKeys, index: number): Uint8Array {
  if (network.keys === 'ed25519-seed' || network.keys === 'memo-account') {
    throw new Error(`network ${network.code} has no extended public key`);
  }
  return receivingPublicKey(keys.xpubs[network.keys], index);
}

/**
 * The deposit address of the row with derivation index `index` on `network`: the same inputs
 * always give the same address, and two indexes never give the same one.
 */
export function deriveDepositAddress(network: Network, index: number, keys: AddressKeys): DepositAddress {
  checkIndex(index);
  switch (network.scheme) {
    case 'evm':
      return { address: evmAddress(publicKeyAt(network, keys, index)), memo: null };
    case 'tron':
      return { address: tronAddress(publicKeyAt(network, keys, index)), memo: null };
    case 'bitcoin':
    case 'litecoin':
      return { address: segwitAddress(publicKeyAt(network, keys, index), network.scheme), memo: null };
    case 'dogecoin':
      return { address: legacyAddress(publicKeyAt(network, keys, index), network.scheme), memo: null };
    case 'solana': {
      const node = slip10Ed25519(keys.ed25519Seed, [44, SOLANA_COIN, index, 0]);
      return { address: solanaAddress(ed25519PublicKey(node)), memo: null };
    }
    case 'xrp':
    case 'cosmos':
    case 'stellar':
      return { address: memoAccount(network, keys), memo: depositMemo(index) };
  }
}

function memoAccount(network: Network, keys: AddressKeys): string {
  const account = keys.memoAccounts[network.code as keyof AddressKeys['memoAccounts']];
  if (!account) throw new Error(`no deposit account configured for memo network ${network.code}`);
  return account;
}
