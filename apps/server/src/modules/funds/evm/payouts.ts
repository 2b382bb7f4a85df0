import { encodeFunctionData, erc20Abi, getAddress, isAddress, keccak256, parseTransaction, parseUnits, type Address, type Hex } from 'viem';
import { PayoutNotSent, type Payout, type PayoutState, type SignedPayout } from '../deposits/chain.js';
import type { HotWallet } from './hot-wallet.js';
import { EvmNodeError, type EvmNode } from './node.js';
import { NonceCounter } from './nonces.js';
import type { Tokens } from './tokens.js';

/** Gas of a plain value transfer to an account; a contract recipient needing more makes the payout revert (failed). */
const NATIVE_GAS = 21_000n;

/** The amount in the coin's smallest unit, refusing digits the coin cannot carry (viem would round them). */
export function exactUnits(amount: string, decimals: number): bigint {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) throw new Error(`payout amount ${amount} is not a plain decimal number`);
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) throw new Error(`payout amount ${amount} has more than the coin's ${decimals} decimals`);
  const units = parseUnits(amount, decimals);
  if (units <= 0n) throw new Error('payout amount must be above zero');
  return units;
}

interface Call {
  to: Address;
  value: bigint;
  data?: Hex;
  gas: bigint;
}

/** Node answers meaning the nonce is spent by a mined transaction of the same account. */
const NONCE_SPENT = /nonce too low|nonce has already been used|already used/i;

/**
 * Payouts from the hot wallet on one EVM network: signed here with the nonce the counter gives (one
 * signing at a time), broadcast as they are (the same bytes again change nothing: the node keeps one
 * transaction per hash and the account one per nonce), followed by their receipts.
 */
export class EvmPayouts {
  private readonly nonces: NonceCounter | null;
  private signing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly node: EvmNode,
    private readonly tokens: Tokens,
    private readonly wallet: HotWallet | null,
    private readonly tokenGasLimit: number,
  ) {
    this.nonces = wallet ? new NonceCounter(node, wallet.address) : null;
  }

  /** The network's own coin, or a token whose contract is configured, with a hot wallet to sign. */
  pays(symbol: string): boolean {
    return this.wallet !== null && (symbol === this.node.net.nativeSymbol || this.tokens.has(symbol));
  }

  sign(payout: Payout, nowMs: number): Promise<SignedPayout> {
    const run = () => this.signNow(payout, nowMs);
    const next = this.signing.then(run, run);
    this.signing = next.catch(() => undefined);
    return next;
  }

  private async signNow(payout: Payout, nowMs: number): Promise<SignedPayout> {
    const code = this.node.net.code;
    if (!this.wallet || !this.nonces) throw new Error(`${code} payouts need EVM_HOT_WALLET_KEY`);
    if (!isAddress(payout.to, { strict: false })) throw new Error(`${code} payout: the destination is not an EVM address`);
    const call = await this.callOf(payout, getAddress(payout.to));
    const fees = await this.node.call('fee estimate', (c) => c.estimateFeesPerGas());
    const nonce = await this.nonces.take(nowMs);
    try {
      const raw = await this.wallet.signTransaction({ type: 'eip1559', chainId: this.node.net.chainId, nonce, ...call, ...fees });
      return { txHash: keccak256(raw), raw };
    } catch {
      this.nonces.settle(nonce);
      throw new Error(`${code} payout: signing failed`);
    }
  }

  private async callOf(payout: Payout, to: Address): Promise<Call> {
    if (payout.symbol === this.node.net.nativeSymbol) return { to, value: exactUnits(payout.amount, 18), gas: NATIVE_GAS };
    const token = await this.tokens.bySymbolOrThrow(payout.symbol);
    const units = exactUnits(payout.amount, token.decimals);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] });
    return { to: token.address, value: 0n, data, gas: BigInt(this.tokenGasLimit) };
  }

  async broadcast(signed: SignedPayout): Promise<void> {
    const raw = signed.raw as Hex;
    if (keccak256(raw) !== signed.txHash) throw new Error(`${this.node.net.code} payout: the signed transaction does not match its hash`);
    const nonce = parseTransaction(raw).nonce ?? 0;
    try {
      await this.node.call('eth_sendRawTransaction', (c) => c.sendRawTransaction({ serializedTransaction: raw }));
    } catch (err) {
      // Sent before (still pooled, or mined): the node refuses the copy, and the payout stands.
      if (await this.known(signed.txHash)) {
        this.nonces?.settle(nonce);
        return;
      }
      if (err instanceof EvmNodeError && NONCE_SPENT.test(err.reason)) {
        this.nonces?.settle(nonce);
        throw new PayoutNotSent(`${this.node.net.code}: nonce ${nonce} is spent by another transaction of the hot wallet: this payout was not sent and must be signed again`);
      }
      throw err;
    }
    this.nonces?.settle(nonce);
  }

  private async known(hash: string): Promise<boolean> {
    const tx = await this.node.call('eth_getTransactionByHash', (c) => c.request({ method: 'eth_getTransactionByHash', params: [hash as Hex] }));
    return tx !== null;
  }

  /** From the receipt: none yet → unknown; reverted → failed; else mined, counting its own block. */
  async state(txHash: string): Promise<PayoutState> {
    const receipt = await this.node.call('eth_getTransactionReceipt', (c) => c.request({ method: 'eth_getTransactionReceipt', params: [txHash as Hex] }));
    if (!receipt?.blockNumber) return { state: 'unknown' };
    if (BigInt(receipt.status) !== 1n) return { state: 'failed', reason: 'The transaction was reverted on chain' };
    const head = await this.node.call('eth_blockNumber', (c) => c.getBlockNumber({ cacheTime: 0 }));
    return { state: 'mined', confirmations: Number(head - BigInt(receipt.blockNumber)) + 1 };
  }
}
