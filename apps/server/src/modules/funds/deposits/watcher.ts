import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { fundsMessages } from '@exchange/contract';
import type { Database } from '../../../db/database.js';
import { systemOwners } from '../../../ledger/accounts.js';
import type { Ledger } from '../../../ledger/ledger.js';
import { accountRef } from '../../../ledger/postings.js';
import { Dec } from '../../../shared/decimal.js';
import { depositAddressOwner } from '../deposit-addresses.js';
import { networkById, type Network } from '../networks.js';
import type { ChainAdapter, ChainTransfer } from './chain.js';
import { depositRecordById } from './history.js';
import { depositCreditedWriter } from './records.js';
import { UserEvents } from '../user-events.js';
import type { DepositRecord } from '@exchange/contract';
import { Coalesced } from '../../../shared/coalesced.js';

interface OpenDeposit {
  id: string;
  userId: string;
  network: Network;
  symbol: string;
  amount: Dec;
  blockHeight: number;
  confirmations: number;
}

/** How many blocks a first scan looks back on a network it never scanned. */
const FIRST_SCAN_BLOCKS = 1_000;

/**
 * The deposit watcher (peatio's deposit states): each step it reads the new blocks of every
 * network, records a transfer to a user's deposit address as `submitted` once (by network, tx and
 * index, however often the chain reports it), counts its confirmations, and when they reach the
 * network's number credits the user's funding wallet exactly once — the posting and the `credited`
 * mark in one statement — or, below the network's minimum, marks it `skipped` with the reason.
 */
export class DepositWatcher {
  private readonly open = new Map<string, OpenDeposit>();
  private readonly scanned = new Map<number, number>();
  private readonly steps = new Coalesced();
  /** A deposit was seen, gained a confirmation, was credited or skipped. */
  readonly events = new UserEvents<DepositRecord>();

  private constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly chain: ChainAdapter,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  static async open(db: Database, ledger: Ledger, chain: ChainAdapter, log: FastifyBaseLogger, now: () => Date): Promise<DepositWatcher> {
    const w = new DepositWatcher(db, ledger, chain, log, now);
    const scans = await db.query<{ network_id: number; height: string }>('SELECT network_id, height::text AS height FROM deposit_scans');
    for (const r of scans.rows) w.scanned.set(r.network_id, Number(r.height));
    const open = await db.query<{ id: string; user_id: string; network_id: number; symbol: string; amount: string; block_height: string; confirmations: number }>(
      `SELECT id, user_id, network_id, symbol, amount::text AS amount, block_height::text AS block_height, confirmations
       FROM deposits WHERE status IN ('submitted', 'accepted')`,
    );
    for (const r of open.rows) {
      const network = networkById(r.network_id);
      if (!network) continue;
      w.open.set(r.id, { id: r.id, userId: r.user_id, network, symbol: r.symbol, amount: new Dec(r.amount), blockHeight: Number(r.block_height), confirmations: r.confirmations });
    }
    return w;
  }

  /**
   * One step: new blocks of every network, then confirmations and credits. Steps run one after the
   * other; those asked for while one runs are one step (each reads the chains afresh).
   */
  step(): Promise<void> {
    const run = () => this.scanAll().catch((err: unknown) => this.log.error({ err }, 'deposit watcher step failed'));
    return this.steps.run(run);
  }

  /** Resolves once the step under way (if any) is done. */
  idle(): Promise<void> {
    return this.steps.idle();
  }

  private async scanAll(): Promise<void> {
    const nowMs = this.now().getTime();
    for (const networkId of this.chain.networkIds) {
      const network = networkById(networkId);
      if (!network) continue;
      // One chain's node being down must not hold back the others' deposits.
      await this.scanNetwork(network, nowMs).catch((err: unknown) => this.log.error({ err, network: network.code }, 'deposit watcher: scanning a network failed'));
    }
  }

  private async scanNetwork(network: Network, nowMs: number): Promise<void> {
    const height = await this.chain.height(network.id, nowMs);
    const from = (this.scanned.get(network.id) ?? height - FIRST_SCAN_BLOCKS) + 1;
    if (from <= height) {
      for (const t of await this.chain.transfers(network.id, from, height)) await this.record(network, t, height);
      this.scanned.set(network.id, height);
      await this.db.query(
        `INSERT INTO deposit_scans (network_id, height) VALUES ($1, $2) ON CONFLICT (network_id) DO UPDATE SET height = EXCLUDED.height`,
        [network.id, height],
      );
    }
    for (const d of [...this.open.values()]) if (d.network.id === network.id) await this.confirm(d, height);
  }

  /** A transfer to one of our addresses: recorded once, whoever reports it again. */
  private async record(network: Network, t: ChainTransfer, height: number): Promise<void> {
    const owner = await depositAddressOwner(this.db, network, t.to, t.memo);
    if (!owner || !network.coins.some((c) => c.symbol === t.symbol)) return;
    const id = randomUUID();
    const confirmations = Math.max(0, height - t.blockHeight + 1);
    const inserted = await this.db.query<{ id: string }>(
      `INSERT INTO deposits (id, user_id, network_id, symbol, tx_hash, idx, block_height, address, memo, amount, confirmations, status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'submitted', $12)
       ON CONFLICT (network_id, tx_hash, idx) DO NOTHING RETURNING id`,
      [id, owner.userId, network.id, t.symbol, t.txHash, t.index, t.blockHeight, t.to, t.memo, t.amount, confirmations, this.now().toISOString()],
    );
    if (inserted.rows.length === 0) return;
    this.open.set(id, { id, userId: owner.userId, network, symbol: t.symbol, amount: new Dec(t.amount), blockHeight: t.blockHeight, confirmations });
    await this.announce(id);
  }

  private async announce(id: string): Promise<void> {
    const found = await depositRecordById(this.db, id);
    if (found) this.events.emit(found.userId, () => found.record);
  }

  private async confirm(d: OpenDeposit, height: number): Promise<void> {
    const confirmations = Math.max(0, height - d.blockHeight + 1);
    if (confirmations < d.network.confirmations) {
      if (confirmations !== d.confirmations) {
        d.confirmations = confirmations;
        await this.db.query('UPDATE deposits SET confirmations = $2 WHERE id = $1', [d.id, confirmations]);
        await this.announce(d.id);
      }
      return;
    }
    const min = d.network.coins.find((c) => c.symbol === d.symbol)?.min_deposit ?? '0';
    if (d.amount.lt(min)) {
      await this.db.query(`UPDATE deposits SET status = 'skipped', confirmations = $2, reason = $3 WHERE id = $1`, [
        d.id,
        confirmations,
        fundsMessages.belowMinimum(new Dec(min).toFixed(), d.symbol),
      ]);
      this.open.delete(d.id);
      await this.announce(d.id);
      return;
    }
    await this.ledger.transact({
      system: true,
      run: (tx) => {
        tx.post({
          kind: 'deposit',
          userId: d.userId,
          ref: d.id,
          legs: [
            { account: accountRef(systemOwners.deposits, d.symbol, 'funding'), amount: d.amount.neg() },
            { account: accountRef(d.userId, d.symbol, 'funding'), amount: d.amount },
          ],
        });
        tx.record(depositCreditedWriter, { id: d.id, confirmations, at: this.now() });
      },
    });
    this.open.delete(d.id);
    await this.announce(d.id);
  }
}
