import { checkIndex } from './secp256k1-hd.js';

/**
 * Memos start at 100,000,000 so that every one has 9 or 10 digits: a user copying it by hand
 * cannot drop a digit and land on another user's memo of a shorter length. The largest
 * (100,000,000 + 2^31 − 1) still fits XRP's 32-bit destination tag.
 */
const MEMO_OFFSET = 100_000_000;

/** The memo (destination tag, memo id) of the address row with this derivation index. */
export function depositMemo(index: number): string {
  checkIndex(index);
  return String(MEMO_OFFSET + index);
}
