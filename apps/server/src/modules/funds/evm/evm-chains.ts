import type { Queryable } from '../../../db/database.js';
import type { ChainReserve, ReserveAddressRow } from '../deposits/simulated-reserves.js';
import type { ChainAdapter, ChainTransfer, Payout, PayoutChain, PayoutState, SignedPayout } from '../deposits/chain.js';
import type { EvmConfig } from './config.js';
import { nativeTransfers, tokenTransfers } from './deposit-scan.js';
import { EvmNode } from './node.js';
import { EvmPayouts } from './payouts.js';
import { EVM_RESERVE_ADDRESSES, evmBalances, fundedDepositAddresses } from './reserves.js';
import { Tokens } from './tokens.js';

interface Served {
  node: EvmNode;
  tokens: Tokens;
  payouts: EvmPayouts;
}

/**
 * The real EVM networks (ERC20, BEP20) over JSON-RPC, behind the same two interfaces as the chain
 * simulator: deposits are the configured tokens' Transfer logs and the plain transfers of the
 * network's own coin; payouts are signed by the hot wallet and followed by their receipts.
 */
export class EvmChains implements ChainAdapter, PayoutChain {
  readonly networkIds: readonly number[];
  private readonly served = new Map<number, Served>();

  constructor(private readonly config: EvmConfig) {
    for (const net of config.networks) {
      const node = new EvmNode(net);
      const tokens = new Tokens(node, net.tokens);
      this.served.set(net.networkId, { node, tokens, payouts: new EvmPayouts(node, tokens, config.hotWallet, config.tokenGasLimit) });
    }
    this.networkIds = [...this.served.keys()];
  }

  private get(networkId: number): Served {
    const s = this.served.get(networkId);
    if (!s) throw new Error(`network ${networkId} is not served by the EVM adapter`);
    return s;
  }

  async height(networkId: number): Promise<number> {
    const { node } = this.get(networkId);
    return Number(await node.call('eth_blockNumber', (c) => c.getBlockNumber({ cacheTime: 0 })));
  }

  async transfers(networkId: number, fromHeight: number, toHeight: number): Promise<ChainTransfer[]> {
    const { node, tokens } = this.get(networkId);
    // The watcher's first look reaches back before block 0 on a young chain.
    const from = Math.max(0, fromHeight);
    if (toHeight < from) return [];
    const found = [...(await tokenTransfers(node, tokens, from, toHeight, this.config.logRangeBlocks)), ...(await nativeTransfers(node, from, toHeight))];
    return found.sort((a, b) => a.blockHeight - b.blockHeight || a.index - b.index);
  }

  pays(networkId: number, symbol: string): boolean {
    const served = this.served.get(networkId);
    return served !== undefined && served.payouts.pays(symbol);
  }

  sign(payout: Payout, nowMs: number): Promise<SignedPayout> {
    return this.get(payout.networkId).payouts.sign(payout, nowMs);
  }

  broadcast(networkId: number, signed: SignedPayout): Promise<void> {
    return this.get(networkId).payouts.broadcast(signed);
  }

  state(networkId: number, txHash: string): Promise<PayoutState> {
    return this.get(networkId).payouts.state(txHash);
  }

  /**
   * The exchange's addresses on these networks, at most `limit` per network: the hot wallet first
   * (derivation index null: it signs with its own key), then the deposit addresses that received a transfer.
   */
  async reserveAddresses(q: Queryable, limit: number): Promise<ReserveAddressRow[]> {
    const hot = this.config.hotWallet?.address;
    const deposits = await fundedDepositAddresses(q, this.networkIds, limit);
    return this.networkIds.flatMap((networkId) => [
      ...(hot ? [{ networkId, address: hot, derivationIndex: null }] : []),
      ...deposits.filter((a) => a.networkId === networkId),
    ].slice(0, limit));
  }

  /** What those addresses hold now, per network and coin, read from the nodes (up to EVM_RESERVE_ADDRESSES a network). */
  async reserves(q: Queryable): Promise<ChainReserve[]> {
    const addresses = await this.reserveAddresses(q, EVM_RESERVE_ADDRESSES);
    const read = this.networkIds.map((networkId) => {
      const { node, tokens } = this.get(networkId);
      return evmBalances(node, tokens, addresses.filter((a) => a.networkId === networkId).map((a) => a.address as `0x${string}`));
    });
    return (await Promise.all(read)).flat();
  }

  /** The hot wallet's EIP-191 signature of a message, or null without one. */
  async signAsHotWallet(message: string): Promise<string | null> {
    return (await this.config.hotWallet?.signMessage(message)) ?? null;
  }
}
