import { reserveMessage, signReserveMessage, verifyReserveSignature, type ReserveSignatureScheme } from '@exchange/contract/reserves';
import type { AddressScheme } from '@exchange/contract';
import { depositPrivateKey, type Network } from '../funds/index.js';

/** The signature scheme of each address scheme; the memo networks' shared accounts sign nothing here. */
const schemes: Record<AddressScheme, ReserveSignatureScheme | null> = {
  evm: 'evm',
  tron: 'tron',
  bitcoin: 'bitcoin',
  litecoin: 'litecoin',
  dogecoin: 'dogecoin',
  solana: 'solana',
  xrp: null,
  cosmos: null,
  stellar: null,
};

export function signatureSchemeOf(network: Network): ReserveSignatureScheme | null {
  return schemes[network.scheme];
}

export interface SignedAddress {
  address: string;
  message: string | null;
  signature: string | null;
}

/**
 * Signs each reserve address's message with the address's own key, derived from the deposit
 * seed (docs/reserves.md, "Reserve addresses"). A signature is published only once it verifies
 * with the contract's verifier, so an address whose key the seed does not hold is listed unsigned
 * rather than with a signature nobody can check. Signatures are kept for the current label
 * (secp256k1 signing is milliseconds per address): a new snapshot signs afresh.
 */
export class ReserveSigner {
  private label = '';
  private readonly signed = new Map<string, string | null>();

  constructor(private readonly seed: Uint8Array) {}

  sign(network: Network, address: string, derivationIndex: number, label: string): SignedAddress {
    const scheme = signatureSchemeOf(network);
    if (!scheme) return { address, message: null, signature: null };
    if (label !== this.label) {
      this.signed.clear();
      this.label = label;
    }
    const message = reserveMessage(label, address);
    const key = `${network.id}|${address}`;
    let signature = this.signed.get(key);
    if (signature === undefined) {
      signature = this.signatureOf(scheme, network, address, derivationIndex, message);
      this.signed.set(key, signature);
    }
    return signature ? { address, message, signature } : { address, message: null, signature: null };
  }

  private signatureOf(scheme: ReserveSignatureScheme, network: Network, address: string, derivationIndex: number, message: string): string | null {
    const privateKey = depositPrivateKey(network, derivationIndex, this.seed);
    if (!privateKey) return null;
    const signature = signReserveMessage(scheme, privateKey, message);
    return verifyReserveSignature({ scheme, address, message, signature }) ? signature : null;
  }
}
