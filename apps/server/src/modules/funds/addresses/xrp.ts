import { sha256 } from '@noble/hashes/sha2.js';
import { base58xrp } from '@scure/base';
import { hash160 } from './hash160.js';

/** Version byte of a classic account address; with XRP's alphabet it makes every address start with r. */
const ACCOUNT_ID = 0x00;

function checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, 4);
}

/** Classic r… address of a compressed secp256k1 public key: Base58Check in XRP's own alphabet. */
export function xrpAddress(publicKey: Uint8Array): string {
  const payload = new Uint8Array(21);
  payload[0] = ACCOUNT_ID;
  payload.set(hash160(publicKey), 1);
  const full = new Uint8Array(25);
  full.set(payload);
  full.set(checksum(payload), 21);
  return base58xrp.encode(full);
}

export function isXrpAddress(address: string): boolean {
  try {
    const full = base58xrp.decode(address);
    if (full.length !== 25 || full[0] !== ACCOUNT_ID) return false;
    const expected = checksum(full.subarray(0, 21));
    return expected.every((byte, i) => byte === full[21 + i]);
  } catch {
    return false;
  }
}

/** A destination tag is an unsigned 32-bit integer, written in decimal. */
export function isXrpTag(memo: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(memo) && Number(memo) <= 0xffff_ffff;
}
