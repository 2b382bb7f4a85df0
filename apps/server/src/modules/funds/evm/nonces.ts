import type { Address } from 'viem';
import type { EvmNode } from './node.js';

/** A signed payout not broadcast after this long is taken as dropped: its nonce may be given again. */
export const OUTSTANDING_MS = 10 * 60_000;

/**
 * The hot wallet's nonces on one network, handed out one at a time (callers serialise `take`). The
 * node's pending count is the truth for everything it has seen; on top of it the counter remembers
 * the payouts signed here and not broadcast yet, so several can be signed before any is sent. After
 * a restart, or once those are sent or given up, the node's count alone decides: a nonce given to a
 * payout that was never sent is given again rather than left as a gap that would hold back every
 * later payout.
 */
export class NonceCounter {
  /** Signed here, not yet seen broadcast: nonce → when it was signed. */
  private readonly outstanding = new Map<number, number>();

  constructor(
    private readonly node: EvmNode,
    private readonly address: Address,
  ) {}

  async take(nowMs: number): Promise<number> {
    const pending = await this.node.call('eth_getTransactionCount', (c) => c.getTransactionCount({ address: this.address, blockTag: 'pending' }));
    for (const [nonce, at] of this.outstanding) if (nonce < pending || nowMs - at > OUTSTANDING_MS) this.outstanding.delete(nonce);
    const nonce = Math.max(pending, ...[...this.outstanding.keys()].map((n) => n + 1));
    this.outstanding.set(nonce, nowMs);
    return nonce;
  }

  /** The payout with this nonce reached the node, or will never be sent (signing failed). */
  settle(nonce: number): void {
    this.outstanding.delete(nonce);
  }
}
