import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { base58, createBase58check } from '@scure/base';
import { getAddress } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import { bitcoinFamily } from '../src/addresses/bitcoin.js';
import { reserveMessage, signReserveMessage, verifyReserveSignature, type ReserveSignatureScheme } from '../src/reserves/index.js';

const keyOne = hexToBytes('0000000000000000000000000000000000000000000000000000000000000001');
const keyTwo = hexToBytes('0000000000000000000000000000000000000000000000000000000000000002');
const solanaKey = hexToBytes('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');

/** Addresses of the keys above, from the chains' published examples or their own libraries, not from the verifier's code. */
const addresses: Record<ReserveSignatureScheme, [string, string]> = {
  // The well-known addresses of the private keys 1 and 2.
  evm: ['0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf', '0x2B5AD5c4795c026514f8317c7a215E218DcCD6cF'],
  // TRON: 0x41 and the same 20 bytes in Base58Check.
  tron: [
    createBase58check(sha256).encode(hexToBytes('417e5f4552091a69125d5dfcb7b8c2659029395bdf')),
    createBase58check(sha256).encode(hexToBytes('412b5ad5c4795c026514f8317c7a215e218dccd6cf')),
  ],
  // BIP-173's example P2WPKH address is key 1's.
  bitcoin: ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', getAddress('wpkh', keyTwo)],
  litecoin: [getAddress('wpkh', keyOne, bitcoinFamily.litecoin), getAddress('wpkh', keyTwo, bitcoinFamily.litecoin)],
  dogecoin: [getAddress('pkh', keyOne, bitcoinFamily.dogecoin), getAddress('pkh', keyTwo, bitcoinFamily.dogecoin)],
  solana: [base58.encode(ed25519.getPublicKey(solanaKey)), base58.encode(ed25519.getPublicKey(keyTwo))],
};

const keyOf = (scheme: ReserveSignatureScheme) => (scheme === 'solana' ? solanaKey : keyOne);

describe.each(Object.keys(addresses) as ReserveSignatureScheme[])('a reserve address signature (%s)', (scheme) => {
  const [address, other] = addresses[scheme];
  const message = reserveMessage('3f1c2a9e-0000-4000-8000-000000000001', address);
  const signature = signReserveMessage(scheme, keyOf(scheme), message);

  it('verifies for the address whose key signed the message that names it', () => {
    expect(message).toBe(`Nexa proof of reserves 3f1c2a9e-0000-4000-8000-000000000001: ${address}`);
    expect(verifyReserveSignature({ scheme, address, message, signature })).toBe(true);
  });

  it('fails for a tampered message', () => {
    const tampered = reserveMessage('3f1c2a9e-0000-4000-8000-000000000002', address);
    expect(verifyReserveSignature({ scheme, address, message: tampered, signature })).toBe(false);
  });

  it('fails for another address, with the message naming it or not', () => {
    expect(verifyReserveSignature({ scheme, address: other, message, signature })).toBe(false);
    const otherMessage = reserveMessage('3f1c2a9e-0000-4000-8000-000000000001', other);
    expect(verifyReserveSignature({ scheme, address: other, message: otherMessage, signature })).toBe(false);
  });

  it('fails for a valid signature of a text that is not the reserve message', () => {
    const text = `I own ${address}`;
    expect(verifyReserveSignature({ scheme, address, message: text, signature: signReserveMessage(scheme, keyOf(scheme), text) })).toBe(false);
  });

  it('fails, without throwing, for a malformed signature', () => {
    for (const bad of ['', '0x1234', 'not base64 or base58 !!', signature.slice(0, -4)]) {
      expect(verifyReserveSignature({ scheme, address, message, signature: bad })).toBe(false);
    }
  });
});

describe('the signature encodings', () => {
  it('are what the chains’ wallets answer', () => {
    const message = reserveMessage('x', addresses.evm[0]);
    expect(signReserveMessage('evm', keyOne, message)).toMatch(/^0x[0-9a-f]{128}(1b|1c)$/);
    expect(signReserveMessage('bitcoin', keyOne, message)).toMatch(/^[A-Za-z0-9+/]{87}=$/);
    expect(base58.decode(signReserveMessage('solana', solanaKey, message))).toHaveLength(64);
  });
});
