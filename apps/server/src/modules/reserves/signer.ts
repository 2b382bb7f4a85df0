import { reserveMessage, signReserveMessage, verifyReserveSignature, type ReserveSignatureScheme } from '@exchange/contract/reserves';
import type { AddressScheme } from '@exchange/contract';
import { depositPrivateKey, type Network, type ReserveAddressRow } from '../funds/index.js';

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

/** Signs a message with the EVM hot wallet's own key (EIP-191); null without a hot wallet. */
export type HotWalletSigner = (message: string) => Promise<string | null>;

/**
 * Signs each reserve address's message with the address's own key: derived from the deposit seed
 * for a deposit address (docs/reserves.md, "Reserve addresses"), the configured key for the EVM hot
 * wallet. A signature is published only once it verifies with the contract's verifier, so an
 * address whose key the server does not hold is listed unsigned rather than with a signature
 * nobody can check. Signatures are kept for the current label (secp256k1 signing is milliseconds
 * per address): a new snapshot signs afresh.
 */
export class ReserveSigner {
  private label = '';
  private readonly signed = new Map<string, Promise<string | null>>();

  constructor(private readonly seed: Uint8Array) {}

  async sign(network: Network, row: ReserveAddressRow, label: string, hotWallet: HotWalletSigner | null): Promise<SignedAddress> {
    const { address } = row;
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
      signature = this.signatureOf(scheme, network, row, message, hotWallet).catch(() => null);
      this.signed.set(key, signature);
    }
    const checked = await signature;
    return checked ? { address, message, signature: checked } : { address, message: null, signature: null };
  }

  private async signatureOf(scheme: ReserveSignatureScheme, network: Network, row: ReserveAddressRow, message: string, hotWallet: HotWalletSigner | null): Promise<string | null> {
    let signature: string | null;
    if (row.derivationIndex === null) {
      signature = hotWallet ? await hotWallet(message) : null;
    } else {
      const privateKey = depositPrivateKey(network, row.derivationIndex, this.seed);
      signature = privateKey ? signReserveMessage(scheme, privateKey, message) : null;
    }
    return signature && verifyReserveSignature({ scheme, address: row.address, message, signature }) ? signature : null;
  }
}
