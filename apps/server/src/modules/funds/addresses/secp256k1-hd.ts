import { HDKey } from '@scure/bip32';

/** BIP-44's external chain: receiving addresses, as opposed to 1, change. */
const EXTERNAL_CHAIN = 0;
/** Non-hardened indexes only: an extended public key cannot derive hardened children. */
export const MAX_DERIVATION_INDEX = 0x7fff_ffff;

const accounts = new Map<string, HDKey>();

/**
 * An account-level extended public key (m/purpose'/coin'/account'), parsed once. One carrying a
 * private key is refused: the deposit side of the exchange must not hold one.
 */
export function accountKey(xpub: string): HDKey {
  const cached = accounts.get(xpub);
  if (cached) return cached;
  const key = HDKey.fromExtendedKey(xpub);
  if (key.privateKey) throw new Error('an extended private key was configured where an extended public key belongs');
  if (key.depth !== 3) throw new Error(`an account-level extended public key (depth 3) is needed, not depth ${key.depth}`);
  accounts.set(xpub, key);
  return key;
}

export function checkIndex(index: number): void {
  if (!Number.isInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX) {
    throw new RangeError(`derivation index must be an integer in [0, ${MAX_DERIVATION_INDEX}]`);
  }
}

/** The compressed secp256k1 public key (33 bytes) at account/0/index. */
export function receivingPublicKey(xpub: string, index: number): Uint8Array {
  checkIndex(index);
  const key = accountKey(xpub).deriveChild(EXTERNAL_CHAIN).deriveChild(index).publicKey;
  if (!key) throw new Error('derivation gave no public key');
  return key;
}
