import { bech32 } from '@scure/base';

export const COSMOS_PREFIX = 'cosmos';

/** 20-byte accounts and 32-byte module or contract accounts of the Cosmos Hub. */
export function isCosmosAddress(address: string): boolean {
  try {
    const { prefix, words } = bech32.decode(address as `${string}1${string}`);
    const length = bech32.fromWords(words).length;
    return prefix === COSMOS_PREFIX && (length === 20 || length === 32);
  } catch {
    return false;
  }
}

/** The Cosmos SDK caps a transaction memo at 256 characters. */
export function isCosmosMemo(memo: string): boolean {
  return memo.length > 0 && memo.length <= 256;
}
