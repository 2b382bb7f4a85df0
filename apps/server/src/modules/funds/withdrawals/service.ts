import { randomUUID } from 'node:crypto';
import { apiErrorCodes, serverMessages, withdrawMessages, type SubmitWithdrawalQuery, type WithdrawalRecord } from '@exchange/contract';
import type { Database } from '../../../db/database.js';
import { AppError } from '../../../errors.js';
import { balancesOf, systemOwners } from '../../../ledger/accounts.js';
import { parsePositiveAmount } from '../../../ledger/amounts.js';
import { hashRequest, type Answer, type Idempotency } from '../../../ledger/idempotency.js';
import type { Ledger } from '../../../ledger/ledger.js';
import { accountRef } from '../../../ledger/postings.js';
import { coins, QUOTE_ASSET } from '../../../shared/catalogue.js';
import { Dec } from '../../../shared/decimal.js';
import { KeyedTurns } from '../../../shared/keyed-turns.js';
import { isValidAddress, isValidMemo } from '../addresses/validate.js';
import { networkById, type Network } from '../networks.js';
import { isSaved } from './address-book.js';
import type { UserEvents } from '../user-events.js';
import { withdrawalsInsertWriter, withdrawalsSettledWriter, type NewWithdrawalRow } from './records.js';
import { amountRefusal, dailyLimitRefusal, dayStart, needsReview } from './rules.js';
import { findRecipient, moveStatus, usedSince, withdrawalById, withdrawerFacts, type StoredWithdrawal } from './store.js';
import { toWithdrawalRecord } from './view.js';

export interface WithdrawalLimits {
  /** Daily limit in USDT value of a verified user (an unverified one cannot withdraw). */
  dailyLimitUsdt: Dec;
  /** Above this USDT value a withdrawal waits for an operator's approval. */
  reviewThresholdUsdt: Dec;
}

export interface WithdrawalDeps {
  db: Database;
  ledger: Ledger;
  idempotency: Idempotency;
  events: UserEvents<WithdrawalRecord>;
  limits: WithdrawalLimits;
  /** Whether the chains can pay the coin on the network (the EVM adapter needs a token's contract). */
  pays(networkId: number, symbol: string): boolean;
  /** Last traded price in USDT; undefined when the coin has none. */
  price(symbol: string): string | undefined;
  now: () => Date;
  /** The authenticator check (modules/security): passes a user without the app, spends the code of one with it. */
  secondFactor: SecondFactorCheck;
}

export interface SecondFactorCheck {
  require(userId: string, code: string | undefined): Promise<void>;
}

const bad = (message: string, code = 'VALIDATION') => new AppError(400, message, code);

/**
 * Submissions of one user that may wait behind the one being checked. A person sends one at a time;
 * a client firing a few dozen at once still gets each decided (one accepted, the rest refused for the
 * balance), and only beyond that is told to slow down.
 */
const MAX_WAITING_SUBMISSIONS = 32;

/** The coin of the spec's wallet_id: the coin id GET /coin-transaction lists (0 is USDT). */
function coinOf(walletId: number): { symbol: string } | undefined {
  if (walletId === 0) return { symbol: QUOTE_ASSET };
  return coins.find((c) => c.pair_id === walletId);
}

/**
 * Withdrawals (peatio's withdraw model, docs/funds.md): a request is checked against every rule,
 * its amount held in the source wallet and stored `prepared` (or `review` above the threshold) in
 * one ledger statement; the processor then signs, sends and confirms it. An internal withdrawal to
 * another user is one ledger transfer, completed at once.
 */
export class WithdrawalService {
  /**
   * One submission per user at a time in this process, so the daily limit is checked against every
   * earlier one; a few more may wait, and past them the user is told to slow down (429).
   */
  private readonly userTurns = new KeyedTurns(MAX_WAITING_SUBMISSIONS, () => new AppError(429, serverMessages.tooManyRequests, apiErrorCodes.rateLimited, 1));

  constructor(private readonly deps: WithdrawalDeps) {}

  get limits(): WithdrawalLimits {
    return this.deps.limits;
  }

  async submit(userId: string, input: SubmitWithdrawalQuery, idempotencyKey?: string): Promise<{ record: WithdrawalRecord; replayed: boolean }> {
    // A retry carries a fresh authenticator code: the code is no part of what the key stands for.
    const { apikey: _apikey, totp_code: _totp, ...request } = input;
    const run = (answer?: Answer<{ message: string; withdrawal: WithdrawalRecord }>) => this.userTurns.run(userId, () => this.place(userId, input, answer));
    if (idempotencyKey === undefined) return { record: await run(), replayed: false };
    const stored = await this.deps.idempotency.once<{ message: string; withdrawal: WithdrawalRecord }>(
      userId,
      idempotencyKey,
      hashRequest(request),
      async (answer) => ({ statusCode: 201, body: { message: withdrawMessages.submitted, withdrawal: await run(answer) } }),
    );
    return { record: stored.body.withdrawal, replayed: stored.replayed };
  }

  private async place(
    userId: string,
    input: SubmitWithdrawalQuery,
    answer?: Answer<{ message: string; withdrawal: WithdrawalRecord }>,
  ): Promise<WithdrawalRecord> {
    const { db, ledger, limits } = this.deps;
    const now = this.deps.now();
    const coin = coinOf(input.wallet_id);
    if (!coin) throw bad(withdrawMessages.unknownCoin, 'UNKNOWN_COIN');
    const symbol = coin.symbol;
    const internal = input.recipient !== undefined && input.recipient !== '';
    const hasAddress = input.address !== undefined && input.address !== '';
    if (internal && (hasAddress || input.network_id !== undefined)) throw bad(withdrawMessages.addressOrRecipient);
    if (!internal && (!hasAddress || input.network_id === undefined)) throw bad(withdrawMessages.completeFields);

    const facts = await withdrawerFacts(db, userId);
    if (!facts.verified) throw new AppError(403, withdrawMessages.notVerified, 'IDENTITY_NOT_VERIFIED');
    if (facts.lockedUntil && facts.lockedUntil > now) {
      throw new AppError(403, withdrawMessages.lockedUntil(facts.lockedUntil.toISOString()), 'WITHDRAWALS_LOCKED');
    }

    let network: Network | undefined;
    let recipient: { id: string; email: string } | null = null;
    let fee = new Dec(0);
    if (internal) {
      recipient = await findRecipient(db, input.recipient ?? '');
      if (!recipient) throw new AppError(404, withdrawMessages.recipientNotFound, 'RECIPIENT_NOT_FOUND');
      if (recipient.id === userId) throw bad(withdrawMessages.recipientSelf);
    } else {
      network = networkById(input.network_id ?? 0);
      if (!network) throw new AppError(404, 'This network does not exist', 'UNKNOWN_NETWORK');
      const terms = network.coins.find((c) => c.symbol === symbol);
      if (!terms) throw bad(withdrawMessages.notOnNetwork(symbol, network.code), 'NOT_ON_NETWORK');
      if (!this.deps.pays(network.id, symbol)) throw new AppError(503, withdrawMessages.notPayable(symbol, network.code), 'NOT_PAYABLE');
      if (!isValidAddress(network, input.address ?? '')) throw bad(withdrawMessages.invalidAddress(network.name), 'INVALID_ADDRESS');
      if (!isValidMemo(network, input.memo)) throw bad(withdrawMessages.invalidMemo(network.name), 'INVALID_MEMO');
      if (facts.whitelistOnly && !(await isSaved(db, userId, network.id, input.address ?? '', input.memo ?? ''))) {
        throw new AppError(403, withdrawMessages.whitelistOnly, 'WHITELIST_ONLY');
      }
      fee = new Dec(terms.withdraw_fee);
    }

    const amount = parsePositiveAmount(input.initial_amount);
    const source = accountRef(userId, symbol, input.source);
    const balances = await balancesOf(db, userId);
    const available = new Dec(balances.find((b) => b.asset === symbol && b.wallet === input.source)?.available ?? '0');
    const refusal = amountRefusal(amount, fee, symbol, available);
    if (refusal || !amount) throw bad(refusal ?? withdrawMessages.invalidAmount, refusal === withdrawMessages.insufficient ? 'INSUFFICIENT_BALANCE' : 'VALIDATION');

    const price = symbol === QUOTE_ASSET ? '1' : this.deps.price(symbol);
    const value = price ? amount.times(price) : new Dec(0);
    const dailyRefusal = dailyLimitRefusal(value, { limit: limits.dailyLimitUsdt, used: await usedSince(db, userId, dayStart(now)) });
    if (dailyRefusal) throw new AppError(403, dailyRefusal, 'DAILY_LIMIT');
    // Last of the checks, so a code is spent only on a withdrawal that every rule allows.
    await this.deps.secondFactor.require(userId, input.totp_code);

    const id = randomUUID();
    const row: NewWithdrawalRow = {
      id,
      userId,
      kind: internal ? 'internal' : 'onchain',
      source: input.source,
      symbol,
      networkId: network?.id ?? null,
      address: internal ? '' : (input.address ?? ''),
      memo: internal || !input.memo ? null : input.memo,
      recipientId: recipient?.id ?? null,
      amount: amount.toFixed(),
      fee: fee.toFixed(),
      valueUsdt: value.toFixed(),
      status: internal ? 'completed' : needsReview(value, limits.reviewThresholdUsdt) ? 'review' : 'prepared',
      holdId: null,
      createdAt: now,
    };
    const stored = (): StoredWithdrawal => ({
      ...row,
      recipientEmail: recipient?.email ?? null,
      amount,
      fee,
      valueUsdt: value,
      txHash: null,
      rawTx: null,
      confirmations: 0,
      reason: null,
      hold: null,
    });
    const record = await ledger.transact({
      reads: [source],
      run: (tx) => {
        if (tx.available(source).lt(amount)) throw tx.shortOf(source, bad(withdrawMessages.insufficient, 'INSUFFICIENT_BALANCE'));
        let holdId: string | null = null;
        if (recipient) {
          tx.post({
            kind: 'internal_withdrawal',
            userId,
            ref: id,
            legs: [
              { account: source, amount: amount.neg() },
              { account: accountRef(recipient.id, symbol, 'funding'), amount },
            ],
          });
        } else {
          holdId = tx.placeHold(source, amount, 'withdrawal', id).id;
        }
        tx.record(withdrawalsInsertWriter, { ...row, holdId });
        const view = toWithdrawalRecord(stored());
        if (answer) tx.record(this.deps.idempotency.answers, answer(201, { message: withdrawMessages.submitted, withdrawal: view }));
        return view;
      },
    });
    this.deps.events.emit(userId, () => record);
    return record;
  }

  /** The user cancels a withdrawal not yet sent: prepared or waiting for review. */
  async cancel(userId: string, id: string): Promise<WithdrawalRecord> {
    const w = await withdrawalById(this.deps.db, id);
    if (!w || w.userId !== userId) throw new AppError(404, withdrawMessages.notFound, 'NOT_FOUND');
    return this.end(w, ['prepared', 'review'], 'cancelled', null, withdrawMessages.notCancellable);
  }

  /** An operator approves a withdrawal waiting for review: the processor sends it next. */
  async approve(id: string): Promise<WithdrawalRecord> {
    const w = await withdrawalById(this.deps.db, id);
    if (!w) throw new AppError(404, withdrawMessages.notFound, 'NOT_FOUND');
    if (!(await moveStatus(this.deps.db, id, ['review'], 'prepared', this.deps.now()))) {
      throw new AppError(409, `Withdrawal ${id} is ${w.status}, not waiting for review`, 'NOT_IN_REVIEW');
    }
    const after = await this.reload(id);
    this.deps.events.emit(after.userId, () => toWithdrawalRecord(after));
    return toWithdrawalRecord(after);
  }

  /** An operator rejects a withdrawal not yet sent; its hold goes back to the user. */
  async reject(id: string, reason: string): Promise<WithdrawalRecord> {
    const w = await withdrawalById(this.deps.db, id);
    if (!w) throw new AppError(404, withdrawMessages.notFound, 'NOT_FOUND');
    return this.end(w, ['prepared', 'review'], 'rejected', reason, `Withdrawal ${id} is ${w.status}: it can no longer be rejected`);
  }

  /**
   * Ends a withdrawal that was never sent: the status moves first (the database decides against
   * the processor claiming it), then the hold is released with the end recorded beside it. A crash
   * between the two leaves an ended withdrawal with a live hold, which `releaseEnded` gives back.
   */
  private async end(
    w: StoredWithdrawal,
    from: readonly ('prepared' | 'review')[],
    to: 'cancelled' | 'rejected',
    reason: string | null,
    refusal: string,
  ): Promise<WithdrawalRecord> {
    if (!(await moveStatus(this.deps.db, w.id, from, to, this.deps.now(), reason ? { reason } : {}))) throw new AppError(409, refusal, 'NOT_CANCELLABLE');
    await this.release(w, to, reason);
    const after = await this.reload(w.id);
    this.deps.events.emit(after.userId, () => toWithdrawalRecord(after));
    return toWithdrawalRecord(after);
  }

  /** Gives an ended withdrawal's hold back and records its end in the same statement. */
  async release(w: StoredWithdrawal, status: 'failed' | 'rejected' | 'cancelled', reason: string | null): Promise<void> {
    const hold = w.hold;
    // Its status has moved already: the hold goes back now, whatever the load.
    await this.deps.ledger.transact({
      system: true,
      run: (tx) => {
        if (hold) tx.release(hold);
        tx.record(withdrawalsSettledWriter, { id: w.id, status, confirmations: null, reason, at: this.deps.now() });
      },
    });
  }

  /** Pays out a confirmed withdrawal: the held amount leaves, the fee to the fee account, the rest to the chain. */
  async complete(w: StoredWithdrawal, confirmations: number): Promise<void> {
    const hold = w.hold;
    if (!hold) throw new Error(`withdrawal ${w.id} has no live hold to pay from`);
    const sent = w.amount.minus(w.fee);
    await this.deps.ledger.transact({
      system: true,
      run: (tx) => {
        tx.post({
          kind: 'withdrawal',
          userId: w.userId,
          ref: w.id,
          legs: [
            { account: hold.account, amount: w.amount.neg(), hold },
            ...(w.fee.gt(0) ? [{ account: accountRef(systemOwners.fees, w.symbol, 'spot'), amount: w.fee }] : []),
            { account: accountRef(systemOwners.withdrawals, w.symbol, 'funding'), amount: sent },
          ],
        });
        tx.record(withdrawalsSettledWriter, { id: w.id, status: 'completed', confirmations, reason: null, at: this.deps.now() });
      },
    });
  }

  private async reload(id: string): Promise<StoredWithdrawal> {
    const w = await withdrawalById(this.deps.db, id);
    if (!w) throw new Error(`withdrawal ${id} vanished`);
    return w;
  }
}
