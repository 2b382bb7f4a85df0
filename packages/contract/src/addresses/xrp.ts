import { sha256 } from '@noble/hashes/sha2.js';
import { base58xrp } from '@scure/base';

/** Version byte of a classic account address; with XRP's alphabet it makes every address start with r. */
export const XRP_ACCOUNT_ID = 0x00;

/** The 4 bytes of double SHA-256 that end a classic address. */
export function xrpChecksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, 4);
}

export function isXrpAddress(address: string): boolean {
  try {
    const full = base58xrp.decode(address);
    if (full.length !== 25 || full[0] !== XRP_ACCOUNT_ID) return false;
    const expected = xrpChecksum(full.subarray(0, 21));
    return expected.every((byte, i) => byte === full[21 + i]);
  } catch {
    return false;
  }
}

/** A destination tag is an unsigned 32-bit integer, written in decimal. */
export function isXrpTag(memo: string): boolean {
  return /^(0|[1-9]\d{0,9})$/.test(memo) && Number(memo) <= 0xffff_ffff;
}
