import { randomUUID } from 'node:crypto';
import {
  apiErrorCodes,
  OTP_RESEND_COOLDOWN_S,
  serverMessages,
  WITHDRAWAL_CONFIRM_MAX_ATTEMPTS,
  WITHDRAWAL_CONFIRM_MAX_MAILS,
  WITHDRAWAL_CONFIRM_TTL_MS,
  withdrawalErrorCodes,
  withdrawMessages,
  type SubmitWithdrawalQuery,
  type WithdrawalRecord,
} from '@exchange/contract';
import { AppError, codedError } from '../../../errors.js';
import { systemOwners } from '../../../ledger/accounts.js';
import { WITHDRAWALS_OWNER } from '../system-owners.js';
import type { Answer, KeyedRequest } from '../../../ledger/idempotency.js';
import { accountRef } from '../../../ledger/postings.js';
import { KeyedTurns } from '../../../shared/keyed-turns.js';
import { bad, checkWithdrawal, coinOf, type Checked } from './check.js';
import { withdrawalByKeyMail, withdrawalConfirmMail } from './confirm-mail.js';
import { recordNotification } from '../../notifications/index.js';
import { confirmStateForUpdate, countWrongCode, expireUnconfirmed, replaceCode, spendCode } from './confirm-store.js';
import type { WithdrawalDeps, WithdrawalLimits } from './deps.js';
import { withdrawalsConfirmedWriter, withdrawalsInsertWriter, withdrawalsSettledWriter } from './records.js';
import { submitHeld, type KeyWithdrawalInput } from './key-withdrawal.js';
import { needsReview } from './rules.js';
import { moveStatus, withdrawalById, type StoredWithdrawal } from './store.js';
import { newWithdrawal, toWithdrawalRecord } from './view.js';

export type { ConfirmCodes, SecondFactorCheck, WithdrawalDeps, WithdrawalLimits } from './deps.js';

const TTL_MINUTES = WITHDRAWAL_CONFIRM_TTL_MS / 60_000;

/**
 * Submissions of one user that may wait behind the one being checked. A person sends one at a time;
 * a client firing a few dozen at once still gets each decided (one accepted, the rest refused for the
 * balance), and only beyond that is told to slow down.
 */
const MAX_WAITING_SUBMISSIONS = 32;

/**
 * Withdrawals (peatio's withdraw model, docs/funds.md), in two steps as exchanges confirm them
 * (issue 14 #4). Submit checks every rule and stores the withdrawal `unconfirmed`, holding
 * nothing, and mails a code that names the address and amount. Confirm takes that code (and the
 * authenticator's), checks every rule again, and in one ledger statement holds the amount and
 * moves the withdrawal to `prepared` (or `review` above the threshold) for the processor to sign,
 * send and confirm; an internal withdrawal to another user is paid in that statement instead.
 */
export class WithdrawalService {
  /**
   * One submission or confirmation per user at a time in this process, so the daily limit is checked against every
   * earlier one; a few more may wait, and past them the user is told to slow down (429).
   */
  private readonly userTurns = new KeyedTurns(MAX_WAITING_SUBMISSIONS, () => new AppError(429, serverMessages.tooManyRequests, apiErrorCodes.rateLimited, 1));

  constructor(private readonly deps: WithdrawalDeps) {}

  get limits(): WithdrawalLimits {
    return this.deps.limits;
  }

  async submit(userId: string, input: SubmitWithdrawalQuery, keyed?: KeyedRequest): Promise<{ record: WithdrawalRecord; replayed: boolean }> {
    const { answer, replayed } = await this.deps.idempotency.answer<{ message: string; withdrawal: WithdrawalRecord }>(userId, keyed, 201, async (answer) => ({
      message: withdrawMessages.confirmSent,
      withdrawal: await this.userTurns.run(userId, () => this.prepare(userId, input, answer)),
    }));
    return { record: answer.withdrawal, replayed };
  }

  /**
   * A withdrawal by API key, held at once to an address of the book (key-withdrawal.ts); with a
   * clientId the first answer is stored and replayed. The user is mailed and notified, naming the
   * key, as a web withdrawal mails them: a key's withdrawal has no code to mail, and a stolen key
   * must not withdraw unseen.
   */
  async submitFromKey(userId: string, input: KeyWithdrawalInput, keyed?: KeyedRequest): Promise<{ record: WithdrawalRecord; replayed: boolean }> {
    const { answer, replayed } = await this.deps.idempotency.answer<WithdrawalRecord>(userId, keyed, 201, (answer) =>
      this.userTurns.run(userId, () => submitHeld(this.deps, userId, input, answer)),
    );
    if (!replayed) {
      this.deps.events.emit(userId, () => answer);
      await this.tellKeyWithdrawal(userId, answer, input.keyLabel);
    }
    return { record: answer, replayed };
  }

  private async tellKeyWithdrawal(userId: string, w: WithdrawalRecord, label: string): Promise<void> {
    await recordNotification(this.deps.db, {
      userId,
      at: this.deps.now(),
      dedupeKey: `withdrawal:${w.id}:api-key`,
      body: { code: 'withdrawal_by_api_key', params: { symbol: w.symbol, amount: w.amount, label } },
    });
    const to = await this.deps.emailOf(userId);
    if (to) await this.deps.mail(withdrawalByKeyMail(to, userId, w, label));
  }

  private async prepare(
    userId: string,
    input: SubmitWithdrawalQuery,
    answer?: Answer<{ message: string; withdrawal: WithdrawalRecord }>,
  ): Promise<WithdrawalRecord> {
    const now = this.deps.now();
    const coin = coinOf(input.wallet_id);
    if (!coin) throw bad(withdrawMessages.unknownCoin, 'UNKNOWN_COIN');
    const c = await checkWithdrawal(this.deps, userId, coin.symbol, input);
    const code = this.deps.codes.generate();
    const d = c.destination;
    const { row, stored, view } = newWithdrawal(
      {
        id: randomUUID(),
        userId,
        kind: d.kind,
        source: input.source,
        symbol: c.symbol,
        networkId: d.kind === 'onchain' ? d.network.id : null,
        address: d.kind === 'onchain' ? d.address : '',
        memo: d.kind === 'onchain' ? d.memo : null,
        recipientId: d.kind === 'internal' ? d.recipient.id : null,
        status: 'unconfirmed',
        confirmCodeHash: this.deps.codes.hash(code),
        confirmExpiresAt: new Date(now.getTime() + WITHDRAWAL_CONFIRM_TTL_MS),
        createdAt: now,
      },
      c,
      d.kind === 'internal' ? d.recipient.email : null,
    );
    await this.deps.ledger.transact({
      run: (tx) => {
        tx.record(withdrawalsInsertWriter, row);
        if (answer) tx.record(this.deps.idempotency.answers, answer(201, { message: withdrawMessages.confirmSent, withdrawal: view }));
      },
    });
    await this.mailCode(stored, code);
    this.deps.events.emit(userId, () => view);
    return view;
  }

  private async mailCode(w: StoredWithdrawal, code: string): Promise<void> {
    const to = await this.deps.emailOf(w.userId);
    if (to) await this.deps.mail(withdrawalConfirmMail(to, code, w, w.recipientEmail, TTL_MINUTES));
  }

  /**
   * The second step: the emailed code (and the authenticator's), every rule again, then the hold
   * (or the internal payment) and the status in one ledger statement. A wrong code counts against
   * the withdrawal, which is cancelled at the last allowed one; nothing is held before the end.
   */
  async confirm(userId: string, id: string, emailCode: string, totpCode: string | undefined): Promise<WithdrawalRecord> {
    return this.userTurns.run(userId, async () => {
      const w = await this.owned(userId, id);
      if (w.status !== 'unconfirmed') throw new AppError(409, withdrawMessages.notUnconfirmed, withdrawalErrorCodes.notUnconfirmed);
      const hash = await this.checkCode(w, emailCode);
      const destination = w.kind === 'internal' ? { recipient: w.recipientEmail ?? '' } : { network_id: w.networkId ?? 0, address: w.address, memo: w.memo ?? undefined };
      const c = await checkWithdrawal(this.deps, userId, w.symbol, { initial_amount: w.amount.toFixed(), source: w.source, ...destination });
      await this.deps.secondFactor.require(userId, totpCode);
      if (!(await this.deps.db.tx((q) => spendCode(q, id, hash, this.deps.now())))) {
        throw new AppError(409, withdrawMessages.notUnconfirmed, withdrawalErrorCodes.notUnconfirmed);
      }
      try {
        return await this.hold(w, c);
      } catch (err) {
        // The code is spent: a withdrawal the ledger refused now can only be submitted again.
        const reason = err instanceof AppError ? err.message : withdrawMessages.unexpected;
        await moveStatus(this.deps.db, id, ['unconfirmed'], 'cancelled', this.deps.now(), { reason });
        const after = await this.reload(id);
        this.deps.events.emit(userId, () => toWithdrawalRecord(after));
        throw err;
      }
    });
  }

  /** Checks the emailed code against the withdrawal's; answers its hash. A wrong one is counted and committed. */
  private async checkCode(w: StoredWithdrawal, code: string): Promise<string> {
    const now = this.deps.now();
    const outcome = await this.deps.db.tx(async (q): Promise<{ hash: string } | { refusal: 'gone' | 'expired' | 'locked' | 'wrong' }> => {
      const state = await confirmStateForUpdate(q, w.id);
      if (!state || state.status !== 'unconfirmed' || !state.codeHash) return { refusal: 'gone' };
      if (!state.expiresAt || state.expiresAt <= now) {
        await q.query(`UPDATE withdrawals SET status = 'expired', confirm_code_hash = NULL, updated_at = $2 WHERE id = $1`, [w.id, now.toISOString()]);
        return { refusal: 'expired' };
      }
      if (this.deps.codes.matches(code, state.codeHash)) return { hash: state.codeHash };
      const attempts = await countWrongCode(q, w.id, now, withdrawMessages.confirmTooManyAttempts);
      return { refusal: attempts >= WITHDRAWAL_CONFIRM_MAX_ATTEMPTS ? 'locked' : 'wrong' };
    });
    if ('hash' in outcome) return outcome.hash;
    if (outcome.refusal !== 'gone' && outcome.refusal !== 'wrong') {
      const after = await this.reload(w.id);
      this.deps.events.emit(w.userId, () => toWithdrawalRecord(after));
    }
    switch (outcome.refusal) {
      case 'gone':
        throw new AppError(409, withdrawMessages.notUnconfirmed, withdrawalErrorCodes.notUnconfirmed);
      case 'expired':
        throw new AppError(400, withdrawMessages.confirmExpired, withdrawalErrorCodes.confirmationExpired);
      case 'locked':
        throw new AppError(400, withdrawMessages.confirmTooManyAttempts, withdrawalErrorCodes.confirmationLocked);
      case 'wrong':
        throw new AppError(400, withdrawMessages.confirmCodeWrong, withdrawalErrorCodes.codeInvalid);
    }
  }

  /** Holds the amount (or pays the other user) and records the confirmed status in one statement. */
  private async hold(w: StoredWithdrawal, c: Checked): Promise<WithdrawalRecord> {
    const { ledger, limits } = this.deps;
    const now = this.deps.now();
    const source = accountRef(w.userId, w.symbol, w.source);
    const recipient = c.destination.kind === 'internal' ? c.destination.recipient : null;
    const status = recipient ? 'completed' : needsReview(c.value, limits.reviewThresholdUsdt) ? 'review' : 'prepared';
    const record = await ledger.transact({
      reads: [source],
      run: (tx) => {
        if (tx.available(source).lt(w.amount)) throw tx.shortOf(source, bad(withdrawMessages.insufficient, 'INSUFFICIENT_BALANCE'));
        let holdId: string | null = null;
        if (recipient) {
          tx.post({
            kind: 'internal_withdrawal',
            userId: w.userId,
            ref: w.id,
            legs: [
              { account: source, amount: w.amount.neg() },
              { account: accountRef(recipient.id, w.symbol, 'funding'), amount: w.amount },
            ],
          });
        } else {
          holdId = tx.placeHold(source, w.amount, 'withdrawal', w.id).id;
        }
        tx.record(withdrawalsConfirmedWriter, { id: w.id, status, holdId, valueUsdt: c.value.toFixed(), at: now });
        return toWithdrawalRecord({ ...w, status, valueUsdt: c.value });
      },
    });
    this.deps.events.emit(w.userId, () => record);
    return record;
  }

  /** Mails a fresh code for an unconfirmed withdrawal, at most once a minute and a few times in all. */
  async resendCode(userId: string, id: string): Promise<{ expiresAt: Date }> {
    const w = await this.owned(userId, id);
    const now = this.deps.now();
    const code = this.deps.codes.generate();
    const expiresAt = new Date(now.getTime() + WITHDRAWAL_CONFIRM_TTL_MS);
    const refusal = await this.deps.db.tx(async (q) => {
      const state = await confirmStateForUpdate(q, id);
      if (!state || state.status !== 'unconfirmed') return new AppError(409, withdrawMessages.notUnconfirmed, withdrawalErrorCodes.notUnconfirmed);
      if (state.mails >= WITHDRAWAL_CONFIRM_MAX_MAILS) return new AppError(409, withdrawMessages.confirmResendLimit, withdrawalErrorCodes.resendLimit);
      const waitMs = (state.sentAt?.getTime() ?? 0) + OTP_RESEND_COOLDOWN_S * 1000 - now.getTime();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        return codedError(429, withdrawalErrorCodes.resendTooSoon, 'withdraw.resendWait', { seconds: String(seconds) }, seconds);
      }
      await replaceCode(q, id, this.deps.codes.hash(code), now, expiresAt);
      return null;
    });
    if (refusal) throw refusal;
    await this.mailCode(w, code);
    return { expiresAt };
  }

  /** Unconfirmed withdrawals past their deadline expire (they hold nothing); their owners' views are told. */
  async expireUnconfirmed(): Promise<void> {
    for (const { id, userId } of await expireUnconfirmed(this.deps.db, this.deps.now())) {
      const after = await this.reload(id);
      this.deps.events.emit(userId, () => toWithdrawalRecord(after));
    }
  }

  private async owned(userId: string, id: string): Promise<StoredWithdrawal> {
    const w = await withdrawalById(this.deps.db, id);
    if (!w || w.userId !== userId) throw new AppError(404, withdrawMessages.notFound, 'NOT_FOUND');
    return w;
  }

  /** The user cancels a withdrawal not yet sent: unconfirmed, prepared or waiting for review. */
  async cancel(userId: string, id: string): Promise<WithdrawalRecord> {
    const w = await this.owned(userId, id);
    return this.end(w, ['unconfirmed', 'prepared', 'review'], 'cancelled', null, withdrawMessages.notCancellable);
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
    from: readonly ('unconfirmed' | 'prepared' | 'review')[],
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
            { account: accountRef(WITHDRAWALS_OWNER, w.symbol, 'funding'), amount: sent },
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
