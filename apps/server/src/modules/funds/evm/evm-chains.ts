import type { ChainAdapter, ChainTransfer, Payout, PayoutChain, PayoutState, SignedPayout } from '../deposits/chain.js';
import type { EvmConfig } from './config.js';
import { nativeTransfers, tokenTransfers } from './deposit-scan.js';
import { EvmNode } from './node.js';
import { EvmPayouts } from './payouts.js';
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
}
