import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/database.js';
import { Dec } from '../../../shared/decimal.js';
import { DEFAULT_SIMULATED_BLOCK_MS } from '../../../config-variables.js';
import type { ChainAdapter, ChainTransfer, Payout, PayoutChain, PayoutState, SignedPayout } from './chain.js';

/** Block 1 of every simulated chain; the height is a function of time, so it goes on across restarts. */
const GENESIS_MS = Date.UTC(2026, 0, 1);

/**
 * The chain simulator of the embedded default: a real chain's behaviour (blocks, heights,
 * confirmations, transfers that stay on chain) without a network. Its transfers are stored in its
 * own table, the simulated chains' ledger, not the exchange's; `send` is what a wallet outside the
 * exchange does when it pays a deposit address, and the payouts are the exchange's hot wallet
 * paying a withdrawal: mined in the next block, confirmed as blocks come.
 */
export class SimulatedChains implements ChainAdapter, PayoutChain {
  /** Networks whose next payout the chain will refuse, as a real chain reverts one (tests of the failed path). */
  private readonly refuseNext = new Set<number>();

  constructor(
    private readonly db: Queryable,
    readonly networkIds: readonly number[],
    readonly blockMs = DEFAULT_SIMULATED_BLOCK_MS,
  ) {}

  heightAt(nowMs: number): number {
    return Math.max(1, Math.floor((nowMs - GENESIS_MS) / this.blockMs) + 1);
  }

  async height(_networkId: number, nowMs: number): Promise<number> {
    return this.heightAt(nowMs);
  }

  /** Puts a transfer in the next block; answers its transaction hash. */
  async send(networkId: number, to: string, memo: string | null, symbol: string, amount: Dec, nowMs: number): Promise<ChainTransfer> {
    const transfer: ChainTransfer = {
      networkId,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      index: 0,
      blockHeight: this.heightAt(nowMs) + 1,
      to,
      memo,
      symbol,
      amount: amount.toFixed(),
    };
    await this.db.query(
      `INSERT INTO simulated_chain_transfers (network_id, tx_hash, idx, block_height, to_address, memo, symbol, amount)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [networkId, transfer.txHash, transfer.index, transfer.blockHeight, to, memo, symbol, transfer.amount],
    );
    return transfer;
  }

  async transfers(networkId: number, fromHeight: number, toHeight: number): Promise<ChainTransfer[]> {
    const res = await this.db.query<{
      tx_hash: string;
      idx: number;
      block_height: string;
      to_address: string;
      memo: string | null;
      symbol: string;
      amount: string;
    }>(
      `SELECT tx_hash, idx, block_height::text AS block_height, to_address, memo, symbol, amount::text AS amount
       FROM simulated_chain_transfers WHERE network_id = $1 AND block_height BETWEEN $2 AND $3 AND NOT failed ORDER BY block_height, tx_hash, idx`,
      [networkId, fromHeight, toHeight],
    );
    return res.rows.map((r) => ({
      networkId,
      txHash: r.tx_hash,
      index: r.idx,
      blockHeight: Number(r.block_height),
      to: r.to_address,
      memo: r.memo,
      symbol: r.symbol,
      amount: new Dec(r.amount).toFixed(),
    }));
  }

  /** The next payout broadcast on the network fails on chain, as a reverted transaction does. */
  refuseNextPayout(networkId: number): void {
    this.refuseNext.add(networkId);
  }

  pays(): boolean {
    return true;
  }

  async sign(payout: Payout): Promise<SignedPayout> {
    return { txHash: `0x${randomBytes(32).toString('hex')}`, raw: JSON.stringify(payout) };
  }

  async broadcast(networkId: number, signed: SignedPayout, nowMs: number): Promise<void> {
    const p = JSON.parse(signed.raw) as Payout;
    const refused = this.refuseNext.delete(networkId);
    await this.db.query(
      `INSERT INTO simulated_chain_transfers (network_id, tx_hash, idx, block_height, to_address, memo, symbol, amount, failed)
       VALUES ($1, $2, 0, $3, $4, $5, $6, $7, $8) ON CONFLICT (network_id, tx_hash, idx) DO NOTHING`,
      [networkId, signed.txHash, this.heightAt(nowMs) + 1, p.to, p.memo, p.symbol, p.amount, refused],
    );
  }

  async state(networkId: number, txHash: string, nowMs: number): Promise<PayoutState> {
    const res = await this.db.query<{ block_height: string; failed: boolean }>(
      'SELECT block_height::text AS block_height, failed FROM simulated_chain_transfers WHERE network_id = $1 AND tx_hash = $2 AND idx = 0',
      [networkId, txHash],
    );
    const row = res.rows[0];
    if (!row) return { state: 'unknown' };
    const confirmations = this.heightAt(nowMs) - Number(row.block_height) + 1;
    if (confirmations < 1) return { state: 'unknown' };
    return row.failed ? { state: 'failed', reason: 'The transaction was reverted on chain' } : { state: 'mined', confirmations };
  }
}
