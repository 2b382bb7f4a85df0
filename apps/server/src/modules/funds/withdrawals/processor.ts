import type { FastifyBaseLogger } from 'fastify';
import { withdrawMessages } from '@exchange/contract';
import type { Database } from '../../../db/database.js';
import { PayoutNotSent, type PayoutChain } from '../deposits/chain.js';
import { networkById } from '../networks.js';
import type { WithdrawalRecord } from '@exchange/contract';
import type { UserEvents } from '../user-events.js';
import type { WithdrawalService } from './service.js';
import { endedWithLiveHold, forgetSignature, moveStatus, openWithdrawals, setConfirmations, withdrawalById, type StoredWithdrawal } from './store.js';
import { toWithdrawalRecord } from './view.js';
import { Coalesced } from '../../../shared/coalesced.js';

export interface ProcessorDeps {
  db: Database;
  chains: PayoutChain;
  service: WithdrawalService;
  events: UserEvents<WithdrawalRecord>;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Sends and confirms on-chain withdrawals, one step at a time (every second on the embedded
 * default). A `prepared` withdrawal is claimed (`processing`), signed, its hash and signed
 * transaction stored, and only then broadcast; a `processing` one is broadcast again while the
 * chain does not know it (after a crash, or a lost broadcast: the same signed transaction pays
 * once), counts its confirmations, and is paid out of its hold when they reach the network's
 * number, or released when the chain reports it failed.
 */
export class WithdrawalProcessor {
  private readonly steps = new Coalesced();

  constructor(private readonly deps: ProcessorDeps) {}

  /** Steps run one after the other; those asked for while one runs are one step (each reads the withdrawals afresh). */
  step(): Promise<void> {
    const run = () => this.run().catch((err: unknown) => this.deps.log.error({ err }, 'withdrawal processing step failed'));
    return this.steps.run(run);
  }

  idle(): Promise<void> {
    return this.steps.idle();
  }

  private async run(): Promise<void> {
    const { db, service } = this.deps;
    await service.expireUnconfirmed();
    // A withdrawal ended outside this loop (an operator's rejection, a cancel cut short by a crash) gets its hold back here.
    for (const w of await endedWithLiveHold(db)) {
      if (w.status !== 'failed' && w.status !== 'rejected' && w.status !== 'cancelled') continue;
      await service.release(w, w.status, w.reason);
      await this.announce(w.id);
    }
    for (const w of await openWithdrawals(db)) {
      if (w.kind !== 'onchain' || w.networkId === null || !this.deps.chains.networkIds.includes(w.networkId)) continue;
      try {
        await this.advance(w);
      } catch (err) {
        this.deps.log.error({ err, withdrawal: w.id }, 'withdrawal step failed; tried again next step');
      }
    }
  }

  private async advance(w: StoredWithdrawal): Promise<void> {
    const { db, chains, service } = this.deps;
    const networkId = w.networkId ?? 0;
    const nowMs = this.deps.now().getTime();
    if (!w.txHash && !chains.pays(networkId, w.symbol)) {
      // The hot wallet cannot pay this coin here (a token without a configured contract): give the money back.
      if (w.status === 'prepared' && !(await moveStatus(db, w.id, ['prepared'], 'processing', this.deps.now()))) return;
      await service.release(w, 'failed', withdrawMessages.notPayable(w.symbol, networkById(networkId)?.code ?? String(networkId)));
      return this.announce(w.id);
    }
    if (w.status === 'prepared') {
      if (!(await moveStatus(db, w.id, ['prepared'], 'processing', this.deps.now()))) return;
      w.status = 'processing';
    }
    if (!w.txHash || !w.rawTx) {
      const signed = await chains.sign({ ref: w.id, networkId, to: w.address, memo: w.memo, symbol: w.symbol, amount: w.amount.minus(w.fee).toFixed() }, nowMs);
      await moveStatus(db, w.id, ['processing'], 'processing', this.deps.now(), { txHash: signed.txHash, rawTx: signed.raw });
      await chains.broadcast(networkId, signed, nowMs);
      return this.announce(w.id);
    }
    const state = await chains.state(networkId, w.txHash, nowMs);
    if (state.state === 'unknown') {
      try {
        await chains.broadcast(networkId, { txHash: w.txHash, raw: w.rawTx }, nowMs);
      } catch (err) {
        if (!(err instanceof PayoutNotSent)) throw err;
        this.deps.log.warn({ withdrawal: w.id, reason: err.message }, 'a stored payout can never be mined: signing it again');
        await forgetSignature(db, w.id, this.deps.now());
      }
      return;
    }
    if (state.state === 'failed') {
      await service.release(w, 'failed', state.reason);
      return this.announce(w.id);
    }
    const needed = networkById(networkId)?.confirmations ?? 1;
    if (state.confirmations >= needed) {
      await service.complete(w, state.confirmations);
      return this.announce(w.id);
    }
    if (state.confirmations !== w.confirmations) {
      await setConfirmations(db, w.id, state.confirmations, this.deps.now());
      return this.announce(w.id);
    }
  }

  private async announce(id: string): Promise<void> {
    const w = await withdrawalById(this.deps.db, id);
    if (w) this.deps.events.emit(w.userId, () => toWithdrawalRecord(w));
  }
}
