import { randomUUID } from 'node:crypto';
import { earnMessages, type EarnAutoResponse, type EarnRedeemResponse, type EarnSource, type EarnSubscribeResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError, codedError } from '../../errors.js';
import { parsePositiveAmount } from '../../ledger/amounts.js';
import type { Answer, Idempotency, KeyedRequest } from '../../ledger/idempotency.js';
import type { Ledger } from '../../ledger/ledger.js';
import { accountRef, type AccountRef } from '../../ledger/postings.js';
import { Dec } from '../../shared/decimal.js';
import { maturityOf, nextDayStart } from './days.js';
import {
  earnPartialRedemptionsWriter,
  earnPositionsReducedWriter,
  earnPositionsRedeemedWriter,
  earnPositionsWriter,
  earnRedemptionsWriter,
  type NewPositionRow,
} from './records.js';
import {
  allProducts,
  autoSwitchesOf,
  claimRedemption,
  flexibleProductOf,
  positionById,
  productById,
  releaseClaim,
  setAutoSwitch,
  type StoredPosition,
} from './store.js';
import { isRedeemable, toPositionView } from './view.js';
import { withinMaximum } from '../../shared/asset-limits.js';

export interface EarnDeps {
  db: Database;
  ledger: Ledger;
  idempotency: Idempotency;
  now: () => Date;
}

export interface SubscribeInput {
  productId: string;
  amount: unknown;
  source: EarnSource;
}

/** Every Earn principal sits here while its position is active; one account per asset. */
export const EARN_CUSTODY = 'system:earn-custody';
/** Interest is issued from here, so its balance is minus all the interest ever paid. */
export const EARN_INTEREST = 'system:earn-interest';
export const custodyOf = (symbol: string): AccountRef => accountRef(EARN_CUSTODY, symbol, 'funding');
export const interestSourceOf = (symbol: string): AccountRef => accountRef(EARN_INTEREST, symbol, 'funding');

const bad = (message: string, code = 'VALIDATION') => new AppError(400, message, code);

/**
 * Subscriptions and redemptions (docs/earn.md): a subscription moves the principal from the user's
 * wallet to `system:earn-custody` in the statement that writes its position; a redemption is
 * claimed in the database first (so two requests cannot both redeem), then moves the principal back
 * in the statement that records the redemption.
 */
export class EarnService {
  constructor(private readonly deps: EarnDeps) {}

  async subscribe(
    userId: string,
    input: SubscribeInput,
    idempotency?: KeyedRequest,
    auto = false,
  ): Promise<{ answer: EarnSubscribeResponse; replayed: boolean }> {
    const product = await productById(this.deps.db, input.productId);
    if (!product) throw new AppError(404, earnMessages.productNotFound, 'PRODUCT_NOT_FOUND');
    const amount = parsePositiveAmount(input.amount);
    if (!amount) throw bad(earnMessages.invalidAmount);
    withinMaximum(amount, product.symbol);
    if (amount.lt(product.minAmount)) throw codedError(400, 'BELOW_MINIMUM', 'earn.belowMinimum', { min: product.minAmount.toFixed(), symbol: product.symbol });
    const source = accountRef(userId, product.symbol, input.source);
    const custody = custodyOf(product.symbol);

    const run = (answer?: Answer<EarnSubscribeResponse>) =>
      this.deps.ledger.transact({
        reads: [source],
        run: (tx) => {
          if (tx.available(source).lt(amount)) throw tx.shortOf(source, bad(earnMessages.insufficientBalance, 'INSUFFICIENT_BALANCE'));
          const now = this.deps.now();
          const accruesFrom = nextDayStart(now);
          const row: NewPositionRow = {
            id: randomUUID(),
            userId,
            productId: product.id,
            symbol: product.symbol,
            source: input.source,
            principal: amount.toFixed(),
            termDays: product.termDays,
            auto,
            subscribedAt: now,
            accruesFrom,
            maturesAt: maturityOf(accruesFrom, product.termDays),
          };
          tx.post({
            kind: 'earn_subscribe',
            userId,
            ref: row.id,
            legs: [
              { account: source, amount: amount.neg() },
              { account: custody, amount },
            ],
          });
          tx.record(earnPositionsWriter, row);
          const stored: StoredPosition = {
            ...row,
            principal: amount,
            status: 'active',
            redeemRequestedAt: null,
            redeemedAt: null,
            redeemAmount: null,
            interest: new Dec(0),
          };
          const body: EarnSubscribeResponse = { message: earnMessages.subscribed, position: toPositionView(stored, product.apr.toFixed(), now) };
          if (answer) tx.record(this.deps.idempotency.answers, answer(201, body));
          return body;
        },
      });
    return this.deps.idempotency.answer(userId, idempotency, 201, run);
  }

  /**
   * `rawAmount` of the position (all of it when absent) back to the wallet it came from: flexible at
   * any time, fixed from maturity. A part leaves the rest earning under the same position.
   */
  async redeem(userId: string, positionId: string, rawAmount?: unknown): Promise<EarnRedeemResponse> {
    const { db } = this.deps;
    const position = await positionById(db, positionId);
    // Another user's position is answered as no position at all: ids cannot be probed.
    if (!position || position.userId !== userId) throw new AppError(404, earnMessages.positionNotFound, 'NOT_FOUND');
    if (position.status !== 'active') throw new AppError(409, earnMessages.alreadyRedeemed, 'ALREADY_REDEEMED');
    const part = this.partOf(position, rawAmount);
    const now = this.deps.now();
    if (!isRedeemable(position, now) && position.maturesAt) {
      throw codedError(400, 'NOT_MATURED', 'earn.notMatured', { date: position.maturesAt.toISOString() });
    }
    if (!(await claimRedemption(db, position.id, userId, now, part))) {
      // Another redemption went first: it may have left less than this one asks for.
      const latest = await positionById(db, position.id);
      if (part && latest?.status === 'active' && part.gt(latest.principal)) throw bad(earnMessages.redeemOverPrincipal, 'OVER_PRINCIPAL');
      throw new AppError(409, earnMessages.alreadyRedeemed, 'ALREADY_REDEEMED');
    }
    try {
      // Read again under the claim: the principal another redemption left is the one to redeem from.
      const claimed = await positionById(db, position.id);
      if (!claimed) throw new Error(`earn position ${position.id} vanished`);
      await this.completeRedemption(claimed, now);
    } catch (err) {
      await releaseClaim(db, position.id);
      throw err;
    }
    const after = await positionById(db, position.id);
    const product = await productById(db, position.productId);
    if (!after) throw new Error(`earn position ${position.id} vanished`);
    return { message: earnMessages.redeemed, position: toPositionView(after, product?.apr.toFixed() ?? '0', this.deps.now()) };
  }

  /** The amount asked for (all of it may be asked by amount too), or null for the whole position. */
  private partOf(position: StoredPosition, rawAmount: unknown): Dec | null {
    if (rawAmount === undefined) return null;
    const amount = parsePositiveAmount(rawAmount);
    if (!amount) throw bad(earnMessages.invalidAmount);
    if (amount.gt(position.principal)) throw bad(earnMessages.redeemOverPrincipal, 'OVER_PRINCIPAL');
    return amount;
  }

  /**
   * Moves a claimed position's principal (or the part its claim names) back and records the
   * redemption, in one statement.
   */
  async completeRedemption(p: StoredPosition, at: Date): Promise<void> {
    const custody = custodyOf(p.symbol);
    const wallet = accountRef(p.userId, p.symbol, p.source);
    const part = p.redeemAmount !== null && p.redeemAmount.lt(p.principal) ? p.redeemAmount : null;
    const amount = part ?? p.principal;
    await this.deps.ledger.transact({
      reads: [custody],
      run: (tx) => {
        const partId = part === null ? null : randomUUID();
        tx.post({
          kind: 'earn_redeem',
          userId: p.userId,
          ref: partId ?? p.id,
          legs: [
            { account: custody, amount: amount.neg() },
            { account: wallet, amount },
          ],
        });
        const row = { positionId: p.id, userId: p.userId, amount: amount.toFixed(), wallet: p.source, at };
        if (partId === null) {
          tx.record(earnRedemptionsWriter, row);
          tx.record(earnPositionsRedeemedWriter, row);
        } else {
          tx.record(earnPartialRedemptionsWriter, { ...row, id: partId });
          tx.record(earnPositionsReducedWriter, { ...row, id: partId });
        }
      },
    });
  }

  /** The switch of every asset that has a flexible product. */
  async autoEarn(userId: string): Promise<EarnAutoResponse> {
    const switches = await autoSwitchesOf(this.deps.db, userId);
    const symbols = [...new Set((await allProducts(this.deps.db)).filter((p) => p.termDays === null).map((p) => p.symbol))];
    return symbols.map((symbol) => ({ symbol, enabled: switches.get(symbol) ?? false }));
  }

  async setAutoEarn(userId: string, rawSymbol: string, enabled: boolean): Promise<EarnAutoResponse> {
    const symbol = rawSymbol.trim().toUpperCase();
    if (!(await flexibleProductOf(this.deps.db, symbol))) throw codedError(400, 'NO_FLEXIBLE_PRODUCT', 'earn.noAutoEarn', { symbol });
    await setAutoSwitch(this.deps.db, userId, symbol, enabled, this.deps.now());
    return this.autoEarn(userId);
  }
}
