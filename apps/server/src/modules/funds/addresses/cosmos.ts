import { COSMOS_PREFIX } from '@exchange/contract/addresses';
import { bech32 } from '@scure/base';
import { hash160 } from './hash160.js';

/** Bech32 cosmos1… address of a compressed secp256k1 public key. */
export function cosmosAddress(publicKey: Uint8Array): string {
  return bech32.encode(COSMOS_PREFIX, bech32.toWords(hash160(publicKey)));
}
