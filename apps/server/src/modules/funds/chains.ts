import type { ChainAdapter, ChainTransfer, Payout, PayoutChain, PayoutState, SignedPayout } from './deposits/chain.js';

type Chain = ChainAdapter & PayoutChain;

/**
 * Every network behind one adapter: each network is served by the first chain that lists it (the
 * real EVM adapter where configured, then the simulator for all the rest), for deposits and payouts
 * alike, so the watcher and withdrawal processing never ask which is which.
 */
export class RoutedChains implements ChainAdapter, PayoutChain {
  readonly networkIds: readonly number[];
  private readonly byNetwork = new Map<number, Chain>();

  constructor(chains: readonly Chain[]) {
    for (const chain of chains) for (const id of chain.networkIds) if (!this.byNetwork.has(id)) this.byNetwork.set(id, chain);
    this.networkIds = [...this.byNetwork.keys()].sort((a, b) => a - b);
  }

  /** Methods are async so that an unknown network rejects rather than throws. */
  private chain(networkId: number): Chain {
    const chain = this.byNetwork.get(networkId);
    if (!chain) throw new Error(`no chain serves network ${networkId}`);
    return chain;
  }

  async height(networkId: number, nowMs: number): Promise<number> {
    return this.chain(networkId).height(networkId, nowMs);
  }

  async transfers(networkId: number, fromHeight: number, toHeight: number): Promise<ChainTransfer[]> {
    return this.chain(networkId).transfers(networkId, fromHeight, toHeight);
  }

  pays(networkId: number, symbol: string): boolean {
    return this.byNetwork.get(networkId)?.pays(networkId, symbol) ?? false;
  }

  async sign(payout: Payout, nowMs: number): Promise<SignedPayout> {
    return this.chain(payout.networkId).sign(payout, nowMs);
  }

  async broadcast(networkId: number, signed: SignedPayout, nowMs: number): Promise<void> {
    return this.chain(networkId).broadcast(networkId, signed, nowMs);
  }

  async state(networkId: number, txHash: string, nowMs: number): Promise<PayoutState> {
    return this.chain(networkId).state(networkId, txHash, nowMs);
  }
}
