import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base64 } from '@scure/base';
import type { ReserveSignatureScheme } from './schemes.js';
import { bitcoinMessageHash, evmMessageHash } from './signatures.js';

/**
 * BIP-137's first byte: 27 + the recovery id, + 4 for a compressed key's P2PKH address, + 12 for
 * a native SegWit (P2WPKH) one. The exchange's Bitcoin and Litecoin addresses are P2WPKH, its
 * Dogecoin ones P2PKH (the funds module's derivation).
 */
const bip137Base = { bitcoin: 39, litecoin: 39, dogecoin: 31 } as const;

/** The recovery id, r and s of a deterministic (RFC 6979) secp256k1 signature of a 32-byte hash. */
function signRecoverable(hash: Uint8Array, privateKey: Uint8Array): { recovery: number; rs: Uint8Array } {
  const sig = secp256k1.sign(hash, privateKey, { prehash: false, format: 'recovered' });
  return { recovery: sig[0]!, rs: sig.subarray(1) };
}

/**
 * Signs the reserve message with an address's private key in its network's scheme, in the
 * encoding its wallets answer: 0x r‖s‖v hex (EVM, TRON), base64 (Bitcoin family), base58 (Solana).
 * The exact inverse of `verifyReserveSignature`; the server signs with it.
 */
export function signReserveMessage(scheme: ReserveSignatureScheme, privateKey: Uint8Array, message: string): string {
  switch (scheme) {
    case 'evm':
    case 'tron': {
      const { recovery, rs } = signRecoverable(evmMessageHash(scheme, message), privateKey);
      return `0x${bytesToHex(rs)}${(27 + recovery).toString(16)}`;
    }
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin': {
      const { recovery, rs } = signRecoverable(bitcoinMessageHash(scheme, message), privateKey);
      return base64.encode(concatBytes(Uint8Array.of(bip137Base[scheme] + recovery), rs));
    }
    case 'solana':
      return base58.encode(ed25519.sign(utf8ToBytes(message), privateKey));
  }
}
