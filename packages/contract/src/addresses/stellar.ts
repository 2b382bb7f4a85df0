import { base32nopad } from '@scure/base';

/** StrKey version byte of an ed25519 account public key (6 << 3): the G of every account id. */
export const STELLAR_ACCOUNT_ID = 6 << 3;

/** CRC16-XModem, StrKey's checksum. */
function crc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The StrKey payload followed by its CRC16, little-endian. */
export function withStellarChecksum(payload: Uint8Array): Uint8Array {
  const crc = crc16(payload);
  const full = new Uint8Array(payload.length + 2);
  full.set(payload);
  full[payload.length] = crc & 0xff;
  full[payload.length + 1] = crc >> 8;
  return full;
}

export function isStellarAddress(address: string): boolean {
  if (address.length !== 56) return false;
  try {
    const full = base32nopad.decode(address);
    if (full.length !== 35 || full[0] !== STELLAR_ACCOUNT_ID) return false;
    const expected = withStellarChecksum(full.subarray(0, 33));
    return expected[33] === full[33] && expected[34] === full[34];
  } catch {
    return false;
  }
}

/**
 * A memo a Stellar payment can carry: MEMO_ID (an unsigned 64-bit integer, what our deposits use)
 * or MEMO_TEXT (up to 28 bytes), which some receiving exchanges ask for.
 */
export function isStellarMemo(memo: string): boolean {
  if (/^(0|[1-9]\d{0,19})$/.test(memo)) return BigInt(memo) <= 0xffff_ffff_ffff_ffffn;
  return new TextEncoder().encode(memo).length <= 28;
}
