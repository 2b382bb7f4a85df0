import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  spotMessages,
  type CancelOrderResponse,
  type FillUpdate,
  type OrderHistoryRow,
  type PlaceOrderResponse,
} from '@exchange/contract';
import { notionalToQuote, quoteToNotional, type EngineEvent, type RejectReason } from '@exchange/engine';
import type { Database } from '../db/database.js';
import { AppError } from '../errors.js';
import { systemOwners, isSystemOwner } from '../ledger/accounts.js';
import { coins as catalogueCoins, QUOTE_ASSET } from '../market/catalogue.js';
import { Dec } from '../market/decimal.js';
import { MARKET_FLOW_OWNER, MARKET_MAKER_OWNER } from '../market/market-maker.js';
import type { Market, MarketService } from '../market/market-service.js';
import type { TradeRecord } from '../market/trade-store.js';
import { BatchState } from './batch-state.js';
import { accountKey, planWrite, readAccounts, sendWrite, type AccountIds, type IdempotentAnswer } from './batch-writer.js';
import { loadOpenOrders, maxSeq } from './order-store.js';
import { toHistoryRow } from './order-view.js';
import type { CancelRequest, LiveOrder, PlaceRequest, TradingRequest } from './types.js';

/** A market buy given only an amount may pay up to this much above the best ask (basis points). */
export const MARKET_BUY_SLIPPAGE_BPS = 500;
const DEFAULT_MAX_BATCH = 500;
/** A request whose batch failed is tried again this many times before it answers 500. */
const MAX_ATTEMPTS = 3;

/** `data` builds the message, so only a listener with a subscriber of that user pays for it. */
export type PrivateListener = (userId: string, channel: 'orders' | 'fills', data: () => OrderHistoryRow | FillUpdate) => void;

export interface TradingOptions {
  db: Database;
  market: MarketService;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Most requests one database transaction takes. */
  maxBatch?: number;
}

type Answer = PlaceOrderResponse | CancelOrderResponse;

interface Pending {
  req: TradingRequest;
  resolve: (answer: Answer) => void;
  reject: (err: unknown) => void;
  /** Its balances must be read from the database before it is decided. */
  fresh: boolean;
  attempts: number;
}

/** Thrown inside the engine run: the cached balance would refuse or cap the order, so it waits for a fresh read. */
class StaleBalance extends Error {}
const DEFER = Symbol('defer');
type Result = Answer | AppError | typeof DEFER;

interface ExternalEvent {
  event: EngineEvent;
  trade?: TradeRecord;
}

const insufficient = () => new AppError(400, spotMessages.insufficientBalance, 'INSUFFICIENT_BALANCE');

function rejection(reason: RejectReason): AppError {
  if (reason === 'post-only-would-cross') return new AppError(400, spotMessages.postOnlyWouldCross, 'POST_ONLY');
  if (reason === 'fok-unfillable') return new AppError(400, spotMessages.fokNotFilled, 'FOK');
  return new AppError(400, spotMessages.placeFailed, 'REJECTED');
}

/**
 * Spot orders of users on the market's engine books. Every request goes through one queue that
 * drains in batches: each batch runs its requests through the engine in arrival order against the
 * cached balances and writes holds, orders, fills and settlements in one statement, one transaction.
 */
export class TradingService {
  private readonly live = new Map<string, LiveOrder>();
  /** Ids of spot accounts by owner|asset, as read from the database: creation is skipped and writes use them. */
  private readonly accountIds: AccountIds = new Map();
  /**
   * Available spot balances of trading users as the last write left them, so a batch needs no round
   * trip to lock and read them. Only something outside this service (a transfer, a deposit) can make
   * one wrong: the database's non-negative check refuses a batch decided on a value that is too high,
   * and a refusal or a market-buy cap decided on a cached value is decided again on a fresh read.
   */
  private readonly balances = new Map<string, Dec>();
  private readonly queue: Pending[] = [];
  /** Requests of a failed batch that go again: back to the front of the queue. */
  private readonly retry: Pending[] = [];
  private external: ExternalEvent[] = [];
  private readonly listeners = new Set<PrivateListener>();
  private readonly pendingKeys = new Map<string, Promise<Answer>>();
  private readonly unhook: () => void;
  /** Where engine events about user orders go: into the running batch, to the next batch, or nowhere (wiping). */
  private mode: 'batch' | 'external' | 'ignore' = 'external';
  private state: BatchState | null = null;
  private rejected: RejectReason | null = null;
  private draining: Promise<void> | null = null;
  /** A batch failed after its engine run: no batch writes until the books are rebuilt. */
  private broken = false;
  private scheduled = false;
  private nextSeq = 0;
  private readonly maxBatch: number;

  private constructor(private readonly opts: TradingOptions) {
    this.maxBatch = opts.maxBatch ?? DEFAULT_MAX_BATCH;
    this.unhook = opts.market.onEngineEvent((_instId, event, trade) => this.onEngineEvent(event, trade));
  }

  /** Creates the system accounts and puts the open orders of the database back on the books. */
  static async open(opts: TradingOptions): Promise<TradingService> {
    const service = new TradingService(opts);
    for (const [k, id] of await ensureSystemAccounts(opts.db)) service.accountIds.set(k, id);
    service.nextSeq = await maxSeq(opts.db);
    await service.restore();
    return service;
  }

  onPrivate(listener: PrivateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The order's owner while the engine holds it. */
  liveOwner(orderId: string): string | undefined {
    return this.live.get(orderId)?.userId;
  }

  async place(req: PlaceRequest): Promise<{ answer: PlaceOrderResponse; replayed: boolean }> {
    if (!req.idempotency) return { answer: (await this.enqueue(req)) as PlaceOrderResponse, replayed: false };
    const { key, hash } = req.idempotency;
    const slot = `${req.userId}|${key}`;
    const stored = await this.opts.db.query<{ request_hash: string; response: PlaceOrderResponse | null }>(
      'SELECT request_hash, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [req.userId, key],
    );
    const row = stored.rows[0];
    const running = this.pendingKeys.get(slot);
    if (row || running) {
      if (row && (row.request_hash !== hash || !row.response)) throw reused();
      if (row?.response) return { answer: row.response, replayed: true };
      return { answer: (await running) as PlaceOrderResponse, replayed: true };
    }
    const promise = this.enqueue(req);
    this.pendingKeys.set(slot, promise);
    try {
      return { answer: (await promise) as PlaceOrderResponse, replayed: false };
    } finally {
      this.pendingKeys.delete(slot);
    }
  }

  async cancel(req: CancelRequest): Promise<CancelOrderResponse> {
    return (await this.enqueue(req)) as CancelOrderResponse;
  }

  /** Resolves once every queued request and every engine event so far is settled in the database. */
  async idle(): Promise<void> {
    while (this.draining || this.scheduled) {
      if (this.draining) await this.draining;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Waits for the queue to drain and stops listening to the engine. */
  async close(): Promise<void> {
    await this.idle();
    this.unhook();
  }

  private enqueue(req: TradingRequest): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.queue.push({ req, resolve, reject, fresh: false, attempts: 0 });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.draining || this.scheduled) return;
    this.scheduled = true;
    // Never start a batch from inside an engine callback: the book must not be re-entered.
    setImmediate(() => {
      this.scheduled = false;
      if (this.draining) return;
      this.draining = this.drain().finally(() => {
        this.draining = null;
        // A request may have arrived between the loop's last check and here.
        if (this.queue.length > 0 || this.external.length > 0) this.schedule();
      });
    });
  }

  /**
   * One batch at a time: a batch takes everything that arrived while the previous one was written,
   * so the batches grow with the load. (Matching the next batch while one is being written was tried:
   * it only moved the engine's fraction of a millisecond off the critical path, and a request then
   * waited for up to one more write.) After a failed write the books are rebuilt from the database
   * before the next batch.
   */
  private async drain(): Promise<void> {
    let answer: (() => void) | null = null;
    while (this.queue.length > 0 || this.external.length > 0) {
      const next = this.runBatch(this.queue.splice(0, this.maxBatch));
      // The batch before is committed: its answers go out once this one's write is on its way
      // (node-postgres sends on the next tick), so replying never delays the database.
      if (answer) setImmediate(answer);
      answer = await next;
      if (this.broken || this.retry.length > 0) await this.recover();
    }
    if (answer) setImmediate(answer);
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** After a failed batch: rebuild the books if its engine run touched them, then requeue what goes again. */
  private async recover(): Promise<void> {
    if (this.broken) {
      this.balances.clear();
      await this.rebuild();
      this.broken = false;
    }
    this.queue.unshift(...this.retry.splice(0));
  }

  private onEngineEvent(event: EngineEvent, trade?: TradeRecord): void {
    if (this.mode === 'ignore') return;
    if (event.type === 'rejected') {
      if (this.mode === 'batch') this.rejected = event.reason;
      return;
    }
    const relevant =
      event.type === 'fill'
        ? !isSystemOwner(event.makerOwner) || !isSystemOwner(event.takerOwner)
        : (event.type === 'done' || event.type === 'triggered') && !isSystemOwner(event.owner);
    if (!relevant) return;
    if (this.mode === 'batch' && this.state) {
      this.apply(this.state, event, trade);
      return;
    }
    this.external.push({ event, trade });
    this.schedule();
  }

  private apply(state: BatchState, event: EngineEvent, trade?: TradeRecord): void {
    if (event.type === 'fill' && trade) {
      state.settleFill(event, trade, this.live.get(event.makerOrderId), this.live.get(event.takerOrderId));
    } else if (event.type === 'triggered') {
      const o = this.live.get(event.orderId);
      if (o) {
        o.triggered = true;
        state.markChanged(o);
      }
    } else if (event.type === 'done') {
      const o = this.live.get(event.orderId);
      if (!o) return;
      state.finish(o, event.status === 'filled');
      this.live.delete(o.id);
    }
  }

  /**
   * One batch: read the balances the cache lacks (or that must be fresh), run the requests through
   * the engine, write everything in one statement. Resolves to what answers its requests, or to null
   * when it failed (its requests were answered or requeued).
   */
  private async runBatch(items: Pending[]): Promise<(() => void) | null> {
    const keys = new Map<string, { owner: string; asset: string }>();
    const toRead = new Set<string>();
    for (const { req, fresh } of items) {
      if (req.kind !== 'place') continue;
      for (const asset of [QUOTE_ASSET, req.coin.symbol]) {
        const k = accountKey(req.userId, asset);
        keys.set(k, { owner: req.userId, asset });
        if (fresh || !this.balances.has(k)) toRead.add(k);
      }
    }
    if (toRead.size > 0) {
      try {
        const wanted = [...toRead].map((k) => keys.get(k) as { owner: string; asset: string });
        const missing = wanted.filter((w) => !this.accountIds.has(accountKey(w.owner, w.asset)));
        for (const r of await readAccounts(this.opts.db, wanted, missing)) {
          const k = accountKey(r.owner, r.asset);
          this.balances.set(k, r.available);
          this.accountIds.set(k, r.id);
        }
      } catch (err) {
        this.failBatch(items, [], err);
        return null;
      }
    }
    const state = new BatchState();
    for (const [k, { owner, asset }] of keys) {
      const a = state.account(owner, asset);
      a.loaded = this.balances.get(k) ?? new Dec(0);
      a.fresh = toRead.has(k);
    }
    const results: Result[] = [];
    this.runEngine(state, items, results);
    const deferred = items.filter((_, i) => results[i] === DEFER);
    for (const p of deferred) p.fresh = true;
    this.queue.unshift(...deferred);
    try {
      const write = await planWrite(this.opts.db, state, this.idempotentAnswers(items, results), this.accountIds);
      if (write) for (const [k, available] of await sendWrite(this.opts.db, write)) this.balances.set(k, available);
    } catch (err) {
      this.broken = true;
      this.failBatch(items, results, err);
      return null;
    } finally {
      this.opts.market.publish();
    }
    return () => {
      items.forEach((p, i) => {
        const r = results[i] as Result;
        if (r === DEFER) return;
        if (r instanceof AppError) p.reject(r);
        else p.resolve(r);
      });
      this.push(state);
    };
  }

  /**
   * A batch that did not write. When PostgreSQL refused the statement (so nothing of it committed)
   * its requests go again, on fresh balances, after the books are rebuilt; else, or after
   * MAX_ATTEMPTS, they answer 500.
   */
  private failBatch(items: Pending[], results: Result[], err: unknown): void {
    this.opts.log.error({ err }, 'spot order batch failed');
    const again = refusedByDatabase(err);
    items.forEach((p, i) => {
      if (results[i] === DEFER) return;
      p.attempts += 1;
      if (again && p.attempts < MAX_ATTEMPTS) {
        p.fresh = true;
        this.retry.push(p);
      } else {
        p.reject(new AppError(500, spotMessages.placeFailed, 'ORDER_BATCH_FAILED'));
      }
    });
  }

  /** The engine part of a batch: synchronous, so batches never interleave on the books. */
  private runEngine(state: BatchState, items: Pending[], results: Result[]): void {
    this.mode = 'batch';
    this.state = state;
    try {
      for (const ext of this.external.splice(0)) this.apply(state, ext.event, ext.trade);
      for (const { req } of items) results.push(this.applyRequest(state, req));
    } finally {
      this.mode = 'external';
      this.state = null;
    }
  }

  private idempotentAnswers(items: Pending[], results: Result[]): IdempotentAnswer[] {
    const answers: IdempotentAnswer[] = [];
    items.forEach(({ req }, i) => {
      const r = results[i];
      if (req.kind === 'place' && req.idempotency && r && r !== DEFER && !(r instanceof AppError)) {
        answers.push({ userId: req.userId, key: req.idempotency.key, hash: req.idempotency.hash, body: r });
      }
    });
    return answers;
  }

  private applyRequest(state: BatchState, req: TradingRequest): Result {
    try {
      return req.kind === 'place' ? this.applyPlace(state, req) : this.applyCancel(state, req);
    } catch (err) {
      if (err instanceof AppError) return err;
      if (err instanceof StaleBalance) return DEFER;
      throw err;
    }
  }

  private applyCancel(state: BatchState, req: CancelRequest): CancelOrderResponse {
    const o = this.live.get(req.orderId);
    if (!o || o.userId !== req.userId) throw new AppError(400, spotMessages.notCancelable, 'NOT_CANCELABLE');
    this.marketOf(o.instId).book.cancel(o.id);
    state.markChanged(o);
    return { success: true, message: spotMessages.canceled, order_id: o.id, status: o.status };
  }

  private applyPlace(state: BatchState, req: PlaceRequest): PlaceOrderResponse {
    const m = this.marketOf(req.instId);
    const { book } = m;
    const tick = m.coin.tick_size;
    const lot = m.coin.lot_size;
    const lots = req.lots;
    let price = req.priceTicks;
    let budget: number | null = null;
    let hold: Dec;
    const usdt = state.available(req.userId, QUOTE_ASSET);
    if (req.side === 'sell') {
      if (req.execType === 'market' && book.bestBid() === null) throw new AppError(400, spotMessages.noLiquidity, 'NO_LIQUIDITY');
      hold = new Dec(m.lots.format(lots));
      if (state.available(req.userId, m.coin.symbol).lt(hold)) throw short(state, req.userId, m.coin.symbol);
    } else if (req.execType !== 'market') {
      hold = new Dec(m.prices.format(price as number)).mul(m.lots.format(lots));
      if (usdt.lt(hold)) throw short(state, req.userId, QUOTE_ASSET);
    } else {
      const ask = book.bestAsk();
      if (ask === null) throw new AppError(400, spotMessages.noLiquidity, 'NO_LIQUIDITY');
      price = ask + Math.ceil((ask * MARKET_BUY_SLIPPAGE_BPS) / 10_000);
      const worstCase = new Dec(m.prices.format(price)).mul(m.lots.format(lots));
      if (req.totalUsdt !== null || worstCase.gt(usdt)) {
        // Spend at most the given total, and never more than the balance.
        const wanted = new Dec(req.totalUsdt ?? worstCase);
        if (wanted.gt(usdt) && !state.account(req.userId, QUOTE_ASSET).fresh) throw new StaleBalance();
        const spend = Dec.min(wanted, usdt);
        budget = spend.gt(0) ? quoteToNotional(spend.toFixed(), tick, lot) : 0;
        // One lot at the best ask costs `ask` notional units: less buys nothing.
        if (budget < ask) throw insufficient();
        hold = new Dec(notionalToQuote(budget, tick, lot));
      } else {
        // The exact amount, as an IOC limit at the slippage cap: the hold covers its worst case.
        hold = worstCase;
      }
    }
    const seq = ++this.nextSeq;
    const order: LiveOrder = {
      id: String(seq),
      seq,
      userId: req.userId,
      coin: m.coin,
      instId: m.instId,
      side: req.side,
      execType: req.execType,
      tif: req.tif,
      price: req.execType === 'market' ? null : m.prices.format(price as number),
      stopPrice: req.stopTicks === null ? null : m.prices.format(req.stopTicks),
      amount: m.lots.format(lots),
      budget: budget === null ? null : hold.toFixed(),
      filled: new Dec(0),
      filledQuote: new Dec(0),
      fee: new Dec(0),
      feeAsset: req.side === 'buy' ? m.coin.symbol : QUOTE_ASSET,
      holdId: randomUUID(),
      holdAsset: req.side === 'buy' ? QUOTE_ASSET : m.coin.symbol,
      holdLeft: new Dec(0),
      status: 'pending',
      open: true,
      triggered: false,
      createdAt: this.opts.now(),
    };
    this.live.set(order.id, order);
    state.created.add(order);
    state.hold(order, hold);
    this.rejected = null;
    this.submit(m, order, lots, price, budget, req);
    if (this.rejected) {
      const reason: RejectReason = this.rejected;
      state.hold(order, hold.neg());
      state.created.delete(order);
      this.live.delete(order.id);
      throw rejection(reason);
    }
    return {
      success: true,
      order_id: order.id,
      message: spotMessages.placed(req.side),
      status: order.status,
      filled_amount: order.filled.toFixed(),
    };
  }

  private submit(m: Market, o: LiveOrder, lots: number, price: number | null, budget: number | null, req: PlaceRequest): void {
    const { book } = m;
    if (budget !== null) {
      book.market({ id: o.id, owner: o.userId, side: 'buy', budget });
    } else if (req.execType === 'market' && req.side === 'sell') {
      book.market({ id: o.id, owner: o.userId, side: 'sell', qty: lots });
    } else if (req.execType === 'market') {
      book.limit({ id: o.id, owner: o.userId, side: 'buy', price: price as number, qty: lots, tif: 'IOC' });
    } else if (req.execType === 'stop-limit') {
      book.stopLimit({
        id: o.id,
        owner: o.userId,
        side: o.side,
        price: price as number,
        qty: lots,
        stopPrice: req.stopTicks as number,
        tif: req.tif === 'POST_ONLY' ? 'GTC' : req.tif,
        postOnly: req.tif === 'POST_ONLY',
      });
    } else {
      book.limit({
        id: o.id,
        owner: o.userId,
        side: o.side,
        price: price as number,
        qty: lots,
        tif: req.tif === 'POST_ONLY' ? 'GTC' : req.tif,
        postOnly: req.tif === 'POST_ONLY',
      });
    }
  }

  private push(state: BatchState): void {
    if (this.listeners.size === 0) return;
    for (const o of [...state.created, ...state.touched]) {
      const row = () => toHistoryRow(o);
      for (const l of this.listeners) l(o.userId, 'orders', row);
    }
    for (const f of state.fillUpdates) for (const l of this.listeners) l(f.userId, 'fills', () => f.update);
  }

  private marketOf(instId: string): Market {
    const m = this.opts.market.market(instId);
    if (!m) throw new AppError(400, spotMessages.unknownCoin, 'UNKNOWN_COIN');
    return m;
  }

  /**
   * Puts the database's open orders back on the books in their placement order, after clearing
   * those books (the market maker requotes on its next step). Used at start and after a failed batch.
   */
  private async restore(): Promise<void> {
    const open = await loadOpenOrders(this.opts.db);
    const wipe = new Set<string>([...this.live.values()].map((o) => o.instId));
    for (const o of open) wipe.add(o.instId);
    this.mode = 'ignore';
    try {
      for (const instId of wipe) wipeBook(this.marketOf(instId));
    } finally {
      this.mode = 'external';
    }
    this.live.clear();
    this.external = [];
    for (const o of open) {
      const m = this.marketOf(o.instId);
      const lots = m.lots.ticksOf(new Dec(o.amount).minus(o.filled).toFixed());
      const price = m.prices.ticksOf(o.price ?? '0');
      this.live.set(o.id, o);
      if (o.execType === 'stop-limit' && !o.triggered) {
        const stopPrice = m.prices.ticksOf(o.stopPrice ?? '0');
        m.book.stopLimit({ id: o.id, owner: o.userId, side: o.side, price, qty: lots, stopPrice });
      } else {
        m.book.limit({ id: o.id, owner: o.userId, side: o.side, price, qty: lots });
      }
    }
    this.opts.market.publish();
  }

  private async rebuild(): Promise<void> {
    try {
      await this.restore();
    } catch (err) {
      this.opts.log.error({ err }, 'rebuilding the spot books failed');
    }
  }
}

/** A balance that refuses the order: final when read for this batch, else it is read again first. */
function short(state: BatchState, owner: string, asset: string): Error {
  return state.account(owner, asset).fresh ? insufficient() : new StaleBalance();
}

/**
 * PostgreSQL refused the statement, so it rolled back whole: a broken constraint (a balance someone
 * else lowered meanwhile), a deadlock or a serialization failure. Anything else, a lost connection
 * say, may have committed.
 */
function refusedByDatabase(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('23') || code.startsWith('40'));
}

function reused(): AppError {
  return new AppError(422, 'This Idempotency-Key was used for another request', 'IDEMPOTENCY_KEY_REUSED');
}

/** Cancels everything on a book (quotes included): it is refilled from the database. */
function wipeBook(m: Market): void {
  const snap = m.book.snapshot();
  for (const o of [...snap.bids, ...snap.asks, ...snap.stops]) m.book.cancel(o.id);
}

/**
 * The market maker and the flow are simulated liquidity with unlimited inventory: their accounts
 * may go negative. Fees only ever receive.
 */
async function ensureSystemAccounts(db: Database): Promise<AccountIds> {
  const assets = [QUOTE_ASSET, ...catalogueCoins.map((c) => c.symbol)];
  const rows = assets.flatMap((asset) => [
    { owner: MARKET_MAKER_OWNER, asset, neg: true },
    { owner: MARKET_FLOW_OWNER, asset, neg: true },
    { owner: systemOwners.fees, asset, neg: false },
  ]);
  const res = await db.query<{ id: string; owner: string; asset: string }>(
    `INSERT INTO ledger_accounts (id, owner, asset, wallet, allow_negative)
     SELECT gen_random_uuid(), k.owner, k.asset, 'spot', k.neg FROM json_to_recordset($1::json) AS k(owner text, asset text, neg boolean)
     ON CONFLICT (owner, asset, wallet) DO UPDATE SET allow_negative = ledger_accounts.allow_negative OR EXCLUDED.allow_negative
     RETURNING id, owner, asset`,
    [JSON.stringify(rows)],
  );
  return new Map(res.rows.map((r) => [accountKey(r.owner, r.asset), r.id]));
}
