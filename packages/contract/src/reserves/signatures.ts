import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base64, createBase58check } from '@scure/base';
import { Address } from '@scure/btc-signer';
import { bitcoinFamily, type BitcoinChain } from '../addresses/bitcoin.js';
import type { ReserveSignatureScheme } from './schemes.js';


const MESSAGE_PREFIX = 'Nexa proof of reserves';

/** The message each reserve address signs: it names the snapshot (or day) and the address itself. */
export function reserveMessage(label: string, address: string): string {
  return `${MESSAGE_PREFIX} ${label}: ${address}`;
}

export interface ReserveSignature {
  scheme: ReserveSignatureScheme;
  address: string;
  message: string;
  signature: string;
}

const base58check = createBase58check(sha256);

/** The length-prefixed text EIP-191 (0x45) and TRON's variant hash: prefix, the byte length in decimal, the message. */
function prefixedKeccak(prefix: string, message: string): Uint8Array {
  const bytes = utf8ToBytes(message);
  return keccak_256(concatBytes(utf8ToBytes(`${prefix}${bytes.length}`), bytes));
}

/** Bitcoin's CompactSize length before a string (the messages here stay far below 2^16 bytes). */
function varString(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 0xfd) return concatBytes(Uint8Array.of(bytes.length), bytes);
  return concatBytes(Uint8Array.of(0xfd, bytes.length & 0xff, bytes.length >> 8), bytes);
}

const bitcoinMagic: Record<BitcoinChain, string> = {
  bitcoin: 'Bitcoin Signed Message:\n',
  litecoin: 'Litecoin Signed Message:\n',
  dogecoin: 'Dogecoin Signed Message:\n',
};

/** The double SHA-256 a Bitcoin-family wallet signs for "Sign message". */
export function bitcoinMessageHash(chain: BitcoinChain, message: string): Uint8Array {
  return sha256(sha256(concatBytes(varString(utf8ToBytes(bitcoinMagic[chain])), varString(utf8ToBytes(message)))));
}

/** The hash an EVM (`\x19Ethereum Signed Message:\n`) or TRON (`\x19TRON Signed Message:\n`) wallet signs. */
export function evmMessageHash(scheme: 'evm' | 'tron', message: string): Uint8Array {
  return prefixedKeccak(scheme === 'evm' ? '\x19Ethereum Signed Message:\n' : '\x19TRON Signed Message:\n', message);
}

/** The 20 bytes an EVM or TRON address is made of: the last 20 bytes of keccak-256 of the uncompressed key. */
function keccakAddressBytes(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12));
}

/** r‖s‖v with v 27 or 28, as personal_sign answers, into noble's recovery-first layout. */
function recoveredFromRsv(hex: string): Uint8Array | null {
  if (!/^0x[0-9a-fA-F]{130}$/.test(hex)) return null;
  const bytes = hexToBytes(hex.slice(2));
  const v = bytes[64]!;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  return concatBytes(Uint8Array.of(recovery), bytes.subarray(0, 64));
}

function verifyKeccakScheme(scheme: 'evm' | 'tron', address: string, message: string, signature: string): boolean {
  const sig = recoveredFromRsv(signature);
  if (!sig) return false;
  const publicKey = secp256k1.recoverPublicKey(sig, evmMessageHash(scheme, message), { prehash: false });
  const signer = keccakAddressBytes(publicKey);
  if (scheme === 'evm') return /^0x[0-9a-fA-F]{40}$/.test(address) && address.slice(2).toLowerCase() === signer;
  const decoded = base58check.decode(address);
  return decoded.length === 21 && decoded[0] === 0x41 && bytesToHex(decoded.subarray(1)) === signer;
}

/**
 * BIP-137: a 65-byte signature in base64 whose first byte says the recovery id and the address
 * type (31-34 P2PKH of a compressed key, 39-42 native SegWit P2WPKH); the key it recovers must
 * hash (RIPEMD-160 of SHA-256) to the address's 20 bytes.
 */
function verifyBitcoinFamily(chain: BitcoinChain, address: string, message: string, signature: string): boolean {
  const bytes = base64.decode(signature);
  if (bytes.length !== 65) return false;
  const header = bytes[0]!;
  const kind = header >= 39 && header <= 42 ? 'wpkh' : header >= 31 && header <= 34 ? 'pkh' : null;
  if (!kind) return false;
  const recovery = (header - 27) & 3;
  const sig = concatBytes(Uint8Array.of(recovery), bytes.subarray(1));
  const publicKey = secp256k1.recoverPublicKey(sig, bitcoinMessageHash(chain, message), { prehash: false });
  const decoded = Address(bitcoinFamily[chain]).decode(address);
  if (decoded.type !== kind || !('hash' in decoded)) return false;
  return bytesToHex(decoded.hash) === bytesToHex(ripemd160(sha256(publicKey)));
}

function verifySolana(address: string, message: string, signature: string): boolean {
  const publicKey = base58.decode(address);
  const sig = base58.decode(signature);
  return publicKey.length === 32 && sig.length === 64 && ed25519.verify(sig, utf8ToBytes(message), publicKey);
}

/**
 * Whether `signature` is the address's own signature of `message`, and `message` is the reserve
 * message naming that very address (a valid signature of another text proves nothing here). Any
 * malformed part is a plain `false`: the page shows it as not verified.
 */
export function verifyReserveSignature(input: ReserveSignature): boolean {
  const { scheme, address, message, signature } = input;
  if (!message.startsWith(`${MESSAGE_PREFIX} `) || !message.endsWith(`: ${address}`)) return false;
  try {
    switch (scheme) {
      case 'evm':
      case 'tron':
        return verifyKeccakScheme(scheme, address, message, signature);
      case 'bitcoin':
      case 'litecoin':
      case 'dogecoin':
        return verifyBitcoinFamily(scheme, address, message, signature);
      case 'solana':
        return verifySolana(address, message, signature);
    }
  } catch {
    return false;
  }
}
