import { randomUUID } from 'node:crypto';
import { earnMessages, type EarnAutoResponse, type EarnRedeemResponse, type EarnSource, type EarnSubscribeResponse } from '@exchange/contract';
import type { Database } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { parsePositiveAmount } from '../../ledger/amounts.js';
import type { Answer, Idempotency, KeyedRequest } from '../../ledger/idempotency.js';
import type { Ledger } from '../../ledger/ledger.js';
import { accountRef, type AccountRef } from '../../ledger/postings.js';
import { Dec } from '../../shared/decimal.js';
import { maturityOf, nextDayStart } from './days.js';
import { earnPositionsRedeemedWriter, earnPositionsWriter, earnRedemptionsWriter, type NewPositionRow } from './records.js';
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
    if (amount.lt(product.minAmount)) throw bad(earnMessages.belowMinimum(product.minAmount.toFixed(), product.symbol), 'BELOW_MINIMUM');
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
            interest: new Dec(0),
          };
          const body: EarnSubscribeResponse = { message: earnMessages.subscribed, position: toPositionView(stored, product.apr.toFixed(), now) };
          if (answer) tx.record(this.deps.idempotency.answers, answer(201, body));
          return body;
        },
      });
    return this.deps.idempotency.answer(userId, idempotency, 201, run);
  }

  /** The whole position back to the wallet it came from: flexible at any time, fixed from maturity. */
  async redeem(userId: string, positionId: string): Promise<EarnRedeemResponse> {
    const { db } = this.deps;
    const position = await positionById(db, positionId);
    // Another user's position is answered as no position at all: ids cannot be probed.
    if (!position || position.userId !== userId) throw new AppError(404, earnMessages.positionNotFound, 'NOT_FOUND');
    if (position.status !== 'active') throw new AppError(409, earnMessages.alreadyRedeemed, 'ALREADY_REDEEMED');
    const now = this.deps.now();
    if (!isRedeemable(position, now) && position.maturesAt) {
      throw bad(earnMessages.notMatured(position.maturesAt.toISOString()), 'NOT_MATURED');
    }
    if (!(await claimRedemption(db, position.id, userId, now))) throw new AppError(409, earnMessages.alreadyRedeemed, 'ALREADY_REDEEMED');
    try {
      await this.completeRedemption(position, now);
    } catch (err) {
      await releaseClaim(db, position.id);
      throw err;
    }
    const after = await positionById(db, position.id);
    const product = await productById(db, position.productId);
    if (!after) throw new Error(`earn position ${position.id} vanished`);
    return { message: earnMessages.redeemed, position: toPositionView(after, product?.apr.toFixed() ?? '0', this.deps.now()) };
  }

  /** Moves a claimed position's principal back and records the redemption, in one statement. */
  async completeRedemption(p: StoredPosition, at: Date): Promise<void> {
    const custody = custodyOf(p.symbol);
    const wallet = accountRef(p.userId, p.symbol, p.source);
    await this.deps.ledger.transact({
      reads: [custody],
      run: (tx) => {
        tx.post({
          kind: 'earn_redeem',
          userId: p.userId,
          ref: p.id,
          legs: [
            { account: custody, amount: p.principal.neg() },
            { account: wallet, amount: p.principal },
          ],
        });
        const row = { positionId: p.id, userId: p.userId, amount: p.principal.toFixed(), wallet: p.source, at };
        tx.record(earnRedemptionsWriter, row);
        tx.record(earnPositionsRedeemedWriter, row);
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
    if (!(await flexibleProductOf(this.deps.db, symbol))) throw bad(earnMessages.noAutoEarn(symbol), 'NO_FLEXIBLE_PRODUCT');
    await setAutoSwitch(this.deps.db, userId, symbol, enabled, this.deps.now());
    return this.autoEarn(userId);
  }
}
