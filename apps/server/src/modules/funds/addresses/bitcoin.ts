import { bitcoinFamily, type BitcoinChain } from '@exchange/contract/addresses';
import { p2pkh, p2wpkh } from '@scure/btc-signer';

export type { BitcoinChain };

/** Native SegWit (P2WPKH, bech32) address of a compressed public key. */
export function segwitAddress(publicKey: Uint8Array, chain: BitcoinChain): string {
  const address = p2wpkh(publicKey, bitcoinFamily[chain]).address;
  if (!address) throw new Error('P2WPKH gave no address');
  return address;
}

/** Legacy P2PKH (Base58Check) address of a compressed public key. */
export function legacyAddress(publicKey: Uint8Array, chain: BitcoinChain): string {
  const address = p2pkh(publicKey, bitcoinFamily[chain]).address;
  if (!address) throw new Error('P2PKH gave no address');
  return address;
}
