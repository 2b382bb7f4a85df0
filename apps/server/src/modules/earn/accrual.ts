import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import type { Ledger } from '../../ledger/ledger.js';
import { accountRef, type Leg } from '../../ledger/postings.js';
import { Dec } from '../../shared/decimal.js';
import { addDays, dailyInterest, dayFromKey, dayKey, lastWholeDay } from './days.js';
import { earnAccrualsWriter, earnInterestWriter, type InterestRow } from './records.js';
import { interestSourceOf, type EarnService } from './service.js';
import { allProducts, autoEarners, claimSweep, flexibleProductOf, positionsHeldThrough, staleClaims, unpaidDays, type Product } from './store.js';

export interface AccrualDeps {
  db: Database;
  ledger: Ledger;
  service: EarnService;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Arbitrary constant: one process at a time runs the Earn job on a shared PostgreSQL. */
const EARN_JOB_LOCK_KEY = 724_311_020;
/**
 * A redemption claimed this long ago and still not done belongs to a process that died between the
 * claim and the ledger write (which takes milliseconds); the job finishes it.
 */
const ABANDONED_CLAIM_MS = 30_000;

/**
 * The Earn job (docs/earn.md), every minute on the embedded default and by hand in tests: finishes
 * abandoned redemptions, pays every whole UTC day not yet paid for every product (catching up on
 * missed days, exactly once per product and day: the accrual row's primary key is in the statement
 * that pays it), then, once per UTC day, subscribes the idle funding balances of Auto-earn users.
 */
export class EarnAccrual {
  private running: Promise<void> | null = null;

  constructor(private readonly deps: AccrualDeps) {}

  /** One pass; a call while a pass runs waits for that pass instead of starting another. */
  run(): Promise<void> {
    this.running ??= this.exclusive().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async exclusive(): Promise<void> {
    const { db } = this.deps;
    if (db.kind !== 'postgres') return this.pass();
    // The lock lives as long as this transaction; the job's own reads and writes use other connections.
    const lock = await db.begin();
    try {
      const got = await lock.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [EARN_JOB_LOCK_KEY]);
      if (got.rows[0]?.ok) await this.pass();
    } finally {
      await lock.commit();
    }
  }

  private async pass(): Promise<void> {
    const now = this.deps.now();
    await this.finishAbandoned(now);
    await this.accrue(now);
    await this.sweep(now);
  }

  private async finishAbandoned(now: Date): Promise<void> {
    for (const p of await staleClaims(this.deps.db, new Date(now.getTime() - ABANDONED_CLAIM_MS))) {
      await this.deps.service
        .completeRedemption(p, p.redeemRequestedAt ?? now)
        .catch((err: unknown) => this.deps.log.error({ err, position: p.id }, 'finishing an abandoned Earn redemption failed'));
    }
  }

  /** Pays each unpaid (product, day) up to yesterday; a day that fails is paid by a later pass. */
  private async accrue(now: Date): Promise<void> {
    const days = await unpaidDays(this.deps.db, lastWholeDay(now));
    if (days.length === 0) return;
    const products = new Map((await allProducts(this.deps.db)).map((p) => [p.id, p]));
    const paying: Promise<void>[] = [];
    for (const { productId, day } of days) {
      const product = products.get(productId);
      if (!product) continue;
      const start = dayFromKey(day);
      const held = await positionsHeldThrough(this.deps.db, productId, start, addDays(start, 1));
      paying.push(
        this.payDay(product, day, held, now).catch((err: unknown) => this.deps.log.error({ err, productId, day }, 'an Earn accrual failed; the next pass pays it')),
      );
    }
    await Promise.all(paying);
  }

  /** One product's day: the interest of every position held through it and the day's row, in one statement. */
  private payDay(product: Product, day: string, held: { id: string; userId: string; principal: Dec }[], now: Date): Promise<void> {
    const apr = product.apr;
    const rows: InterestRow[] = [];
    const perUser = new Map<string, Dec>();
    let total = new Dec(0);
    for (const p of held) {
      const amount = dailyInterest(p.principal, apr);
      if (amount.isZero()) continue;
      rows.push({ positionId: p.id, day, userId: p.userId, productId: product.id, symbol: product.symbol, principal: p.principal.toFixed(), apr: apr.toFixed(), amount: amount.toFixed() });
      perUser.set(p.userId, (perUser.get(p.userId) ?? new Dec(0)).plus(amount));
      total = total.plus(amount);
    }
    return this.deps.ledger.transact({
      system: true,
      run: (tx) => {
        if (total.gt(0)) {
          const legs: Leg[] = [{ account: interestSourceOf(product.symbol), amount: total.neg() }];
          for (const [userId, amount] of perUser) legs.push({ account: accountRef(userId, product.symbol, 'funding'), amount });
          tx.post({ kind: 'earn_interest', userId: null, ref: `${product.id}@${day}`, legs });
        }
        tx.record(earnAccrualsWriter, { productId: product.id, day, apr: apr.toFixed(), total: total.toFixed(), positions: rows.length, paidAt: now });
        for (const r of rows) tx.record(earnInterestWriter, r);
      },
    });
  }

  /** Once per UTC day (the first pass of any process claims it): idle funding balances into the flexible product. */
  private async sweep(now: Date): Promise<void> {
    const { db, service, log } = this.deps;
    const earners = await autoEarners(db);
    if (earners.length === 0 || !(await claimSweep(db, dayKey(now), now))) return;
    const flexible = new Map<string, Product | null>();
    for (const e of earners) {
      if (!flexible.has(e.symbol)) flexible.set(e.symbol, await flexibleProductOf(db, e.symbol));
      const product = flexible.get(e.symbol);
      if (!product || e.idle.lt(product.minAmount)) continue;
      await service
        .subscribe(e.userId, { productId: product.id, amount: e.idle.toFixed(), source: 'funding' }, undefined, true)
        // The balance may have moved since it was read: tomorrow's sweep takes what is idle then.
        .catch((err: unknown) => log.warn({ err, userId: e.userId, symbol: e.symbol }, 'an Auto-earn subscription was refused'));
    }
  }
}
