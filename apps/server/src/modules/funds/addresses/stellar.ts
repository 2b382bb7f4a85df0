import { STELLAR_ACCOUNT_ID, withStellarChecksum } from '@exchange/contract/addresses';
import { base32nopad } from '@scure/base';

/** The G… account id (StrKey) of an ed25519 public key. */
export function stellarAddress(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('an ed25519 public key is 32 bytes');
  const payload = new Uint8Array(33);
  payload[0] = STELLAR_ACCOUNT_ID;
  payload.set(publicKey, 1);
  return base32nopad.encode(withStellarChecksum(payload));
}
