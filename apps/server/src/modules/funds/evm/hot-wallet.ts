import { inspect } from 'node:util';
import type { Address, Hex, TransactionSerializable } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

const REDACTED = '[hot wallet key redacted]';

/**
 * The exchange's EVM hot wallet, made from `EVM_HOT_WALLET_KEY`. The key itself is not kept: viem's
 * local account holds it in closures only, and the account sits in a private field, so printing,
 * inspecting or serialising the wallet (or a config holding it) shows the address and nothing else.
 * Errors made here never quote the key.
 */
export class HotWallet {
  readonly #account: PrivateKeyAccount;
  readonly address: Address;

  private constructor(account: PrivateKeyAccount) {
    this.#account = account;
    this.address = account.address;
  }

  /** Throws a message naming the variable, never its value, when the key is malformed. */
  static fromHex(variable: string, value: string): HotWallet {
    const hex = value.trim().replace(/^0x/i, '');
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error(`${variable} must be a private key of 32 bytes in hex`);
    let account: PrivateKeyAccount;
    try {
      account = privateKeyToAccount(`0x${hex.toLowerCase()}`);
    } catch {
      // The library's own message may quote its input.
      throw new Error(`${variable} is not a valid secp256k1 private key`);
    }
    return new HotWallet(account);
  }

  signTransaction(tx: TransactionSerializable): Promise<Hex> {
    return this.#account.signTransaction(tx);
  }

  /** EIP-191 `personal_sign` of a text: the proof of reserves' message naming this address. */
  signMessage(message: string): Promise<Hex> {
    return this.#account.signMessage({ message });
  }

  toJSON(): string {
    return `${REDACTED} ${this.address}`;
  }

  toString(): string {
    return this.toJSON();
  }

  [inspect.custom](): string {
    return `HotWallet { ${this.toJSON()} }`;
  }
}
