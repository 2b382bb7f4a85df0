import { Address, NETWORK } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';

/** Mainnet parameters of the Bitcoin-family chains (from each chain's chainparams.cpp). */
export const bitcoinFamily = {
  bitcoin: NETWORK,
  litecoin: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
  // Dogecoin has no SegWit; the bech32 prefix is never produced and its addresses are refused below.
  dogecoin: { bech32: 'doge', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e },
} as const satisfies Record<string, BTC_NETWORK>;

export type BitcoinChain = keyof typeof bitcoinFamily;

/** Output types a withdrawal may pay to on each chain: what the chain's wallets send to. */
const payableTypes: Record<BitcoinChain, readonly string[]> = {
  bitcoin: ['pkh', 'sh', 'wpkh', 'wsh', 'tr'],
  litecoin: ['pkh', 'sh', 'wpkh', 'wsh'],
  dogecoin: ['pkh', 'sh'],
};

/** Any standard address of the chain, checksum included (Base58Check, bech32 or bech32m). */
export function isBitcoinFamilyAddress(address: string, chain: BitcoinChain): boolean {
  try {
    const decoded = Address(bitcoinFamily[chain]).decode(address);
    return payableTypes[chain].includes(decoded.type);
  } catch {
    return false;
  }
}
