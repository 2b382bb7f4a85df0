import { XRP_ACCOUNT_ID, xrpChecksum } from '@exchange/contract/addresses';
import { base58xrp } from '@scure/base';
import { hash160 } from './hash160.js';

/** Classic r… address of a compressed secp256k1 public key: Base58Check in XRP's own alphabet. */
export function xrpAddress(publicKey: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = XRP_ACCOUNT_ID;
  payload.set(hash160(publicKey), 1);
  const full = new Uint8Array(25);
  full.set(payload);
  full.set(xrpChecksum(payload), 21);
  return base58xrp.encode(full);
}
