import { BaseError, createPublicClient, http, type PublicClient } from 'viem';
import type { EvmNetworkConfig } from './config.js';

/**
 * A failure of an EVM node call, told in words only: viem's errors carry the RPC URL (which may hold
 * a provider's API key) and the request body in their causes, so none of that is kept here.
 */
export class EvmNodeError extends Error {
  constructor(
    network: string,
    what: string,
    readonly reason: string,
  ) {
    super(`${network} node: ${what} failed: ${reason}`);
    this.name = 'EvmNodeError';
  }
}

/** The node's own words for a failure (e.g. "nonce too low"), without the URL or the request. */
export function nodeReason(err: unknown): string {
  if (err instanceof BaseError) {
    const inner = err.walk((e) => e instanceof BaseError && typeof e.details === 'string' && e.details !== '') as BaseError | null;
    return [err.shortMessage, inner?.details].filter((s) => s && s !== '').join(' ');
  }
  return err instanceof Error ? err.name : 'unknown error';
}

/** One network's node: a viem client whose every call is checked to be on the configured chain first. */
export class EvmNode {
  readonly client: PublicClient;
  private chainChecked: Promise<void> | null = null;

  constructor(readonly net: EvmNetworkConfig) {
    this.client = createPublicClient({ transport: http(net.rpcUrl, { retryCount: 1, timeout: 15_000 }) });
  }

  /** Runs a node call, first making sure the node is on the expected chain; failures become EvmNodeError. */
  async call<T>(what: string, fn: (client: PublicClient) => Promise<T>): Promise<T> {
    await this.checkChain();
    return this.raw(what, fn);
  }

  private async raw<T>(what: string, fn: (client: PublicClient) => Promise<T>): Promise<T> {
    try {
      return await fn(this.client);
    } catch (err) {
      if (err instanceof EvmNodeError) throw err;
      throw new EvmNodeError(this.net.code, what, nodeReason(err));
    }
  }

  /**
   * A node on another chain than configured would credit deposits that never happened there and sign
   * payouts valid on the wrong chain (EIP-155 binds a signature to the chain id): refuse it.
   */
  private checkChain(): Promise<void> {
    this.chainChecked ??= this.raw('eth_chainId', (c) => c.getChainId()).then((id) => {
      if (id !== this.net.chainId) {
        throw new EvmNodeError(this.net.code, 'the chain check', `the node is on chain ${id}, configured for ${this.net.chainId}`);
      }
    });
    // A failed check (node down, wrong chain) is tried again on the next call.
    this.chainChecked.catch(() => {
      this.chainChecked = null;
    });
    return this.chainChecked;
  }
}
