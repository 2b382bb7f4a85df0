import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { fundsMessages } from '@exchange/contract';
import type { Database } from '../../../db/database.js';
import { DEPOSITS_OWNER } from '../system-owners.js';
import type { Ledger } from '../../../ledger/ledger.js';
import { accountRef } from '../../../ledger/postings.js';
import { Dec } from '../../../shared/decimal.js';
import { depositAddressOwner, isExchangeAddress } from '../deposit-addresses.js';
import { networkById, type Network } from '../networks.js';
import type { ChainAdapter, ChainTransfer } from './chain.js';
import { depositRecordById } from './history.js';
import { ACCOUNT_CAPACITY } from '../../../ledger/amounts.js';
import { nextCreditAttempt } from './credit-backoff.js';
import { classifyDepositAmount, type DepositAmount } from './deposit-amount.js';
import { depositCreditedWriter } from './records.js';
import { creditWalletOf } from './credit-wallet.js';
import { UserEvents } from '../user-events.js';
import { chainTransfer, type DepositRecord } from '@exchange/contract';
import { Coalesced } from '../../../shared/coalesced.js';

interface OpenDeposit {
  id: string;
  userId: string;
  network: Network;
  symbol: string;
  amount: Dec;
  blockHeight: number;
  confirmations: number;
  /** Credits that failed in a row, and when the next may be tried (ms); 0 and 0 for a deposit never failed. */
  attempts: number;
  nextAttemptMs: number;
}

const OPEN_STATUSES: readonly string[] = ['submitted', 'accepted'];

/** Most characters of an error kept for the operator beside a deposit whose credit failed. */
const ERROR_CHARS = 500;

/** How many blocks a first scan looks back on a network it never scanned. */
const FIRST_SCAN_BLOCKS = 1_000;

/**
 * The deposit watcher (peatio's deposit states): each step it reads the new blocks of every
 * network, records a transfer to a user's deposit address as `submitted` once (by network, tx and
 * index, however often the chain reports it), counts its confirmations, and when they reach the
 * network's number credits the user's funding wallet (or spot, by their choice) exactly once — the posting and the `credited`
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
    const open = await db.query<{
      id: string;
      user_id: string;
      network_id: number;
      symbol: string;
      amount: string;
      block_height: string;
      confirmations: number;
      credit_attempts: number;
      next_attempt_at: Date | string | null;
    }>(
      `SELECT id, user_id, network_id, symbol, amount::text AS amount, block_height::text AS block_height, confirmations,
         credit_attempts, next_attempt_at
       FROM deposits WHERE status IN ('submitted', 'accepted')`,
    );
    for (const r of open.rows) {
      const network = networkById(r.network_id);
      if (!network) continue;
      w.open.set(r.id, {
        id: r.id,
        userId: r.user_id,
        network,
        symbol: r.symbol,
        amount: new Dec(r.amount),
        blockHeight: Number(r.block_height),
        confirmations: r.confirmations,
        attempts: r.credit_attempts,
        nextAttemptMs: r.next_attempt_at ? new Date(r.next_attempt_at).getTime() : 0,
      });
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
      for (const reported of await this.chain.transfers(network.id, from, height)) {
        const t = chainTransfer.safeParse(reported);
        // A record no deposit can come from is left alone, never holding up the rest of the block.
        if (!t.success || t.data.networkId !== network.id) {
          this.log.warn({ network: network.code, issues: t.error?.issues.slice(0, 3) }, 'deposit watcher: a transfer the chain reported does not parse; skipped');
          continue;
        }
        await this.record(network, t.data, height);
      }
      this.scanned.set(network.id, height);
      await this.db.query(
        `INSERT INTO deposit_scans (network_id, height) VALUES ($1, $2) ON CONFLICT (network_id) DO UPDATE SET height = EXCLUDED.height`,
        [network.id, height],
      );
    }
    for (const d of [...this.open.values()]) {
      if (d.network.id !== network.id || d.nextAttemptMs > nowMs) continue;
      // A deposit that cannot be credited fails alone (issue 14 #2): the ones behind it go on.
      await this.confirm(d, height).catch((err: unknown) => this.creditFailed(d, err, nowMs));
    }
  }

  /** Records why a credit failed and when it is tried again, with a back-off, for the operator to see. */
  private async creditFailed(d: OpenDeposit, err: unknown, nowMs: number): Promise<void> {
    d.attempts += 1;
    d.nextAttemptMs = nextCreditAttempt(nowMs, d.attempts);
    const why = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_CHARS);
    this.log.error({ err, deposit: d.id, network: d.network.code, attempts: d.attempts }, 'deposit watcher: crediting a deposit failed; it is tried again later');
    await this.db
      .query('UPDATE deposits SET credit_attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $1', [
        d.id,
        d.attempts,
        new Date(d.nextAttemptMs).toISOString(),
        why,
      ])
      .catch((failure: unknown) => this.log.error({ err: failure, deposit: d.id }, 'deposit watcher: could not record a failed credit'));
  }

  /**
   * A transfer to one of our addresses: recorded once, whoever reports it again. An amount that
   * could never be credited is recorded as rejected with its reason at once (deposit-amount.ts).
   */
  private async record(network: Network, t: ChainTransfer, height: number): Promise<void> {
    if (!network.coins.some((c) => c.symbol === t.symbol)) return;
    const owner = await depositAddressOwner(this.db, network, t.to, t.memo);
    const id = randomUUID();
    const confirmations = Math.max(0, height - t.blockHeight + 1);
    const amount = classifyDepositAmount(t.amount, t.symbol);
    if (!owner) {
      if (await isExchangeAddress(this.db, network, t.to)) await this.recordUnclaimed(id, network, t, confirmations, amount);
      return;
    }
    const [status, stored, reason] = amount.kind === 'creditable' ? ['submitted', amount.amount, null] : ['rejected', amount.stored, amount.reason];
    const inserted = await this.db.query<{ id: string }>(
      `INSERT INTO deposits (id, user_id, network_id, symbol, tx_hash, idx, block_height, address, memo, amount, confirmations, status, reason, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (network_id, tx_hash, idx) DO NOTHING RETURNING id`,
      [id, owner.userId, network.id, t.symbol, t.txHash, t.index, t.blockHeight, t.to, t.memo, stored.toFixed(), confirmations, status, reason, this.now().toISOString()],
    );
    if (inserted.rows.length === 0) return;
    if (amount.kind === 'creditable') {
      this.open.set(id, { id, userId: owner.userId, network, symbol: t.symbol, amount: amount.amount, blockHeight: t.blockHeight, confirmations, attempts: 0, nextAttemptMs: 0 });
    } else {
      this.log.warn({ deposit: id, network: network.code, reason }, 'deposit watcher: a deposit was recorded and refused');
    }
    await this.announce(id);
  }

  /**
   * A transfer to an address of the exchange whose memo is no user's: kept once with no user and
   * credited by nobody (the amount as stored, and why, when it could never be), for an operator to
   * credit to the user they name or refuse (issue 43).
   */
  private async recordUnclaimed(id: string, network: Network, t: ChainTransfer, confirmations: number, amount: DepositAmount): Promise<void> {
    const [stored, reason] = amount.kind === 'creditable' ? [amount.amount, null] : [amount.stored, amount.reason];
    const inserted = await this.db.query(
      `INSERT INTO deposits (id, user_id, network_id, symbol, tx_hash, idx, block_height, address, memo, amount, confirmations, status, reason, created_at)
       VALUES ($1, NULL, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'unclaimed', $11, $12)
       ON CONFLICT (network_id, tx_hash, idx) DO NOTHING RETURNING id`,
      [id, network.id, t.symbol, t.txHash, t.index, t.blockHeight, t.to, t.memo, stored.toFixed(), confirmations, reason, this.now().toISOString()],
    );
    if (inserted.rows.length > 0) this.log.warn({ deposit: id, network: network.code, address: t.to, memo: t.memo }, 'deposit watcher: a deposit to an address of the exchange is no user’s; recorded as unclaimed');
  }

  private async storedStatus(id: string): Promise<string | undefined> {
    const res = await this.db.query<{ status: string }>('SELECT status FROM deposits WHERE id = $1', [id]);
    return res.rows[0]?.status;
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
    // A failed credit's write may have committed before its answer was lost: never credit twice.
    if (d.attempts > 0 && !OPEN_STATUSES.includes((await this.storedStatus(d.id)) ?? '')) {
      this.open.delete(d.id);
      await this.announce(d.id);
      return;
    }
    const source = accountRef(DEPOSITS_OWNER, d.symbol, 'funding');
    // Read when the credit is made: a choice made while the deposit was confirming applies to it.
    const wallet = await creditWalletOf(this.db, d.userId);
    const credited = await this.ledger.transact({
      system: true,
      reads: [source],
      run: (tx) => {
        // What the exchange ever took in of an asset stays inside an account's capacity: past it the
        // deposit is refused alone, and the operator reads why beside it.
        if (tx.available(source).minus(d.amount).abs().gt(ACCOUNT_CAPACITY)) return false;
        tx.post({
          kind: 'deposit',
          userId: d.userId,
          ref: d.id,
          legs: [
            { account: accountRef(DEPOSITS_OWNER, d.symbol, 'funding'), amount: d.amount.neg() },
            { account: accountRef(d.userId, d.symbol, wallet), amount: d.amount },
          ],
        });
        tx.record(depositCreditedWriter, { id: d.id, confirmations, wallet, at: this.now() });
        return true;
      },
    });
    if (!credited) {
      this.log.error({ deposit: d.id, symbol: d.symbol }, 'deposit watcher: the deposits account of the asset is at capacity; a deposit was refused');
      await this.db.query(`UPDATE deposits SET status = 'rejected', confirmations = $2, reason = $3 WHERE id = $1`, [
        d.id,
        confirmations,
        fundsMessages.depositAboveCapacity(d.symbol),
      ]);
    }
    this.open.delete(d.id);
    await this.announce(d.id);
  }
}
